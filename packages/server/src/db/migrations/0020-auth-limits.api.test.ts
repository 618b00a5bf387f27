/**
 * Migration 0020 on a database with tokens already (written before it): each token gets the end of
 * its session from its creation, and a token renewed past that end is cut back to it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openScratchDatabase } from '../../../test/harness';
import { toIso, type Database } from '../database';
import { migrate, MIGRATIONS } from '../migrate';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openScratchDatabase('m0020'));
});
afterAll(() => drop());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('migration 0020 on existing tokens', () => {
  it('fixes each session end from its creation and cuts tokens renewed past it', async () => {
    const before = MIGRATIONS.findIndex((m) => m.name === '0020_auth_limits');
    await migrate(database, MIGRATIONS.slice(0, before));
    const db = database.db;
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const org = await sql<{ id: number }>`insert into organizations (prefix, name, tax_id, address, post_code_city,
      country_code, registered_at) values ('mig', 'Mig', '', '', '', 'PL', ${iso(now)}) returning id`.execute(db);
    const orgId = org.rows[0]!.id;
    const user = await sql<{ id: number }>`insert into users (org_id, login, pass_hash, created_at)
      values (${orgId}, 'mig_admin', 'x', ${iso(now)}) returning id`.execute(db);
    const userId = user.rows[0]!.id;
    const token = (hash: string, long: number, created: number, validTo: number) =>
      sql`insert into auth_tokens (org_id, user_id, token_hash, long_session, valid_to, created_at)
        values (${orgId}, ${userId}, ${hash}, ${long}, ${iso(validTo)}, ${iso(created)})`.execute(db);
    // renewed for ever: signed in 30 hours ago, still valid for 10 more
    await token('a'.repeat(64), 0, now - 30 * HOUR, now + 10 * HOUR);
    // a fresh short one, and a long one of 100 days renewed to 20 more
    await token('b'.repeat(64), 0, now - HOUR, now + 11 * HOUR);
    await token('c'.repeat(64), 1, now - 100 * DAY, now + 20 * DAY);
    await sql`insert into login_failures (key, failed_at) values ('login:x', ${iso(now)})`.execute(db);

    await migrate(database);
    const rows = await db
      .selectFrom('auth_tokens')
      .select(['token_hash', 'valid_to', 'absolute_expires_at'])
      .orderBy('token_hash')
      .execute();
    const ms = (v: string | Date) => new Date(toIso(v)).getTime();
    expect(rows.map((r) => [ms(r.absolute_expires_at), ms(r.valid_to)])).toEqual([
      [now - 6 * HOUR, now - 6 * HOUR],
      [now + 23 * HOUR, now + 11 * HOUR],
      [now - 10 * DAY, now - 10 * DAY],
    ]);
    await db
      .insertInto('rate_counters')
      .values({ key: 'k', attempts: 1, expires_at: iso(now) })
      .execute();
    await expect(sql`select count(*) from login_failures`.execute(db)).rejects.toThrow();
  });
});
