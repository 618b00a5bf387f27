import type { Kysely } from 'kysely';
import type { Engine } from '../database';
import { columns, type Migration } from './helpers';

/** Organisations, users, tokens, captchas and sign-in failures. */
export const m0001Platform: Migration = {
  name: '0001_platform',
  async up(db: Kysely<unknown>, engine: Engine) {
    const c = columns(engine);
    await c
      .id(db.schema.createTable('organizations'))
      .addColumn('prefix', 'varchar(20)', (col) => col.notNull().unique())
      .addColumn('name', 'varchar(200)', (col) => col.notNull())
      .addColumn('tax_id', 'varchar(30)', (col) => col.notNull().defaultTo(''))
      .addColumn('address', 'varchar(200)', (col) => col.notNull().defaultTo(''))
      .addColumn('post_code_city', 'varchar(200)', (col) => col.notNull().defaultTo(''))
      .addColumn('country_code', 'varchar(2)', (col) => col.notNull().defaultTo('PL'))
      .addColumn('registered_at', c.timestamp, (col) => col.notNull())
      .execute();

    await c
      .id(db.schema.createTable('users'))
      .addColumn('org_id', 'integer', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('login', 'varchar(61)', (col) => col.notNull().unique())
      .addColumn('name', 'varchar(200)', (col) => col.notNull().defaultTo(''))
      .addColumn('email', 'varchar(254)', (col) => col.notNull().defaultTo(''))
      .addColumn('tel', 'varchar(30)', (col) => col.notNull().defaultTo(''))
      .addColumn('pass_hash', 'varchar(255)', (col) => col.notNull())
      .addColumn('permissions', 'varchar(2000)', (col) => col.notNull().defaultTo(''))
      .addColumn('created_at', c.timestamp, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('users_org_idx').on('users').columns(['org_id', 'id']).execute();

    await c
      .id(db.schema.createTable('auth_tokens'))
      .addColumn('org_id', 'integer', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
      .addColumn('long_session', 'smallint', (col) => col.notNull().defaultTo(0))
      .addColumn('valid_to', c.timestamp, (col) => col.notNull())
      .addColumn('created_at', c.timestamp, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('auth_tokens_user_idx').on('auth_tokens').column('user_id').execute();
    await db.schema.createIndex('auth_tokens_valid_idx').on('auth_tokens').column('valid_to').execute();

    await db.schema
      .createTable('captchas')
      .addColumn('uuid', 'varchar(64)', (col) => col.primaryKey())
      .addColumn('answer_hash', 'varchar(64)', (col) => col.notNull())
      .addColumn('expires_at', c.timestamp, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('captchas_expires_idx').on('captchas').column('expires_at').execute();

    await c
      .id(db.schema.createTable('login_failures'))
      .addColumn('key', 'varchar(200)', (col) => col.notNull())
      .addColumn('failed_at', c.timestamp, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('login_failures_key_idx').on('login_failures').columns(['key', 'failed_at']).execute();
  },
};
