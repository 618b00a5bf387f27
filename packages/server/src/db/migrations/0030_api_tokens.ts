import type { Kysely } from 'kysely';
import type { Engine } from '../database';
import { columns, type Migration } from './helpers';

/**
 * API tokens for automation (docs/decisions.md, API tokens): one row per token a user made on their
 * profile, with only the sha256 of the token (never the token), its name, the permissions chosen
 * then (`a;b;c`, a subset of the user's own; a call gets these less any the user has lost since),
 * its creation, its required end, its revocation and its last use (time and address, written at
 * most once a minute per token and process). Rows go with their user and their organisation;
 * revoked and expired rows stay listed for 90 days, then the maintenance purge removes them.
 */
export const m0030ApiTokens: Migration = {
  name: '0030_api_tokens',
  async up(db: Kysely<unknown>, engine: Engine) {
    const c = columns(engine);
    await c
      .id(db.schema.createTable('api_tokens'))
      .addColumn('org_id', 'integer', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'varchar(100)', c.notNull)
      .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
      .addColumn('permissions', 'varchar(2000)', c.notNull)
      .addColumn('created_at', c.timestamp, c.notNull)
      .addColumn('expires_at', c.timestamp, c.notNull)
      .addColumn('revoked_at', c.timestamp)
      .addColumn('last_used_at', c.timestamp)
      .addColumn('last_used_ip', 'varchar(64)')
      .execute();
    await db.schema.createIndex('api_tokens_org_user_idx').on('api_tokens').columns(['org_id', 'user_id']).execute();
    await db.schema.createIndex('api_tokens_user_idx').on('api_tokens').column('user_id').execute();
    await db.schema.createIndex('api_tokens_expires_idx').on('api_tokens').column('expires_at').execute();
  },
};
