import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import { columns, type Migration } from './helpers';

const HOUR = 60 * 60 * 1000;
/** The absolute lifetimes of contract TOKEN_SHORT_ABSOLUTE_MS / TOKEN_LONG_ABSOLUTE_MS when this ran. */
const SHORT_ABSOLUTE_MS = 24 * HOUR;
const LONG_ABSOLUTE_MS = 90 * 24 * HOUR;

interface Tables {
  auth_tokens: {
    id: number;
    long_session: number;
    valid_to: string | Date;
    created_at: string | Date;
    absolute_expires_at: string | Date | null;
  };
}

/**
 * Sign-in limits and session ends (docs/decisions.md, Sign-in rate limit; Sessions):
 * - `rate_counters`: one row per limited key (an address, a login and address, a login) with the
 *   attempts of its current window; an attempt is one upsert that answers the new count, so
 *   parallel attempts can never all see room under the limit. Replaces `login_failures`, whose
 *   count-then-insert let every one of 40 parallel attempts through.
 * - `auth_tokens.absolute_expires_at`: the end of the session fixed at sign-in; renewal never
 *   extends `valid_to` past it. Existing tokens end at their creation + the absolute lifetime.
 */
export const m0020AuthLimits: Migration = {
  name: '0020_auth_limits',
  async up(db: Kysely<unknown>, engine: Engine) {
    const c = columns(engine);
    await db.schema
      .createTable('rate_counters')
      .addColumn('key', 'varchar(200)', (col) => col.primaryKey())
      .addColumn('attempts', 'integer', (col) => col.notNull())
      .addColumn('expires_at', c.timestamp, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('rate_counters_expires_idx').on('rate_counters').column('expires_at').execute();
    await db.schema.dropTable('login_failures').execute();

    await db.schema.alterTable('auth_tokens').addColumn('absolute_expires_at', c.timestamp).execute();
    const t = db as Kysely<Tables>;
    const tokens = await t.selectFrom('auth_tokens').select(['id', 'long_session', 'valid_to', 'created_at']).execute();
    for (const token of tokens) {
      const created = new Date(token.created_at).getTime();
      const end = created + (token.long_session === 1 ? LONG_ABSOLUTE_MS : SHORT_ABSOLUTE_MS);
      const validTo = Math.min(new Date(token.valid_to).getTime(), end);
      await t
        .updateTable('auth_tokens')
        .set({ absolute_expires_at: new Date(end).toISOString(), valid_to: new Date(validTo).toISOString() })
        .where('id', '=', token.id)
        .execute();
    }
    if (engine === 'postgres') {
      await sql`alter table auth_tokens alter column absolute_expires_at set not null`.execute(db);
    }
  },
};
