import { pluginColumns, pluginTable, type Generated, type PluginMigration, type TenantDb } from '@zaplecze/plugin-sdk';

/** wholesale-csv's tables: supplier profiles and imports (one row per uploaded file). */
export const PROFILES = pluginTable('wholesale-csv', 'profiles') as 'p_wholesale_csv_profiles';
export const IMPORTS = pluginTable('wholesale-csv', 'imports') as 'p_wholesale_csv_imports';

export interface CsvTables {
  p_wholesale_csv_profiles: {
    id: Generated<number>;
    org_id: number;
    name: string;
    /** The profile's settings as JSON (schemas.ts profileInputSchema's output). */
    settings: string;
    updated_at: string;
  };
  p_wholesale_csv_imports: {
    id: Generated<number>;
    org_id: number;
    job_id: number | null;
    profile_id: number;
    /** The stored upload (SDK pluginFiles), removed when the import ends. */
    file_name: string;
    /** The encoding and delimiter the upload chose ('auto' or one). */
    encoding: string;
    delimiter: string;
    /** The report as JSON once the import ends. */
    report: string | null;
    created_at: string;
  };
}

export const csvDb = (tdb: TenantDb) => tdb.withTables<CsvTables>();

export const migrations: PluginMigration[] = [
  {
    name: '0001_profiles_imports',
    async up(db, engine) {
      const c = pluginColumns(engine);
      await c
        .id(db.schema.createTable(PROFILES))
        .addColumn('org_id', 'integer', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
        .addColumn('name', 'varchar(100)', c.notNull)
        .addColumn('settings', 'text', c.notNull)
        .addColumn('updated_at', c.timestamp, c.notNull)
        .execute();
      await db.schema.createIndex(`${PROFILES}_org_idx`).on(PROFILES).columns(['org_id', 'id']).execute();
      await c
        .id(db.schema.createTable(IMPORTS))
        .addColumn('org_id', 'integer', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
        .addColumn('job_id', 'integer')
        .addColumn('profile_id', 'integer', c.notNull)
        .addColumn('file_name', 'varchar(100)', c.notNull)
        .addColumn('encoding', 'varchar(20)', c.notNull)
        .addColumn('delimiter', 'varchar(20)', c.notNull)
        .addColumn('report', 'text')
        .addColumn('created_at', c.timestamp, c.notNull)
        .execute();
      await db.schema.createIndex(`${IMPORTS}_org_job_idx`).on(IMPORTS).columns(['org_id', 'job_id']).execute();
    },
  },
];
