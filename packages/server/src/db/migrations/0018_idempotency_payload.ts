import type { Kysely } from 'kysely';
import type { Migration } from './helpers';

/**
 * An idempotency key remembers the hash of the request it answered (platform/idempotency.ts), so
 * the same key sent with other data is refused instead of answered with the first run's result.
 * Keys stored before this column have none and keep answering as before.
 */
export const m0018IdempotencyPayload: Migration = {
  name: '0018_idempotency_payload',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('idempotency_keys').addColumn('payload_hash', 'varchar(64)').execute();
  },
};
