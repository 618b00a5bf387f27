import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Engine } from '../database';

/** Column helpers that give the same schema on SQLite and PostgreSQL. */
export function columns(engine: Engine) {
  return {
    id<T extends string>(table: CreateTableBuilder<T, never>) {
      return engine === 'postgres'
        ? table.addColumn('id', 'serial', (c) => c.primaryKey())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
    },
    timestamp: engine === 'postgres' ? ('timestamptz' as const) : ('text' as const),
    notNull: (c: ColumnDefinitionBuilder) => c.notNull(),
  };
}

/** A migration receives the engine so it can pick column types. */
export interface Migration {
  name: string;
  up(db: Kysely<unknown>, engine: Engine): Promise<void>;
}
