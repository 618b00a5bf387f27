/**
 * Migration 0022 on a database with e-mails in the outbox already (written before it): each unsent
 * message gets its sending job, a sent one none.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openScratchDatabase } from '../../../test/harness';
import { toIso, type Database } from '../database';
import { migrate, MIGRATIONS } from '../migrate';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openScratchDatabase('m0022'));
});
afterAll(() => drop());

describe('migration 0022 on an outbox with messages', () => {
  it('gives every unsent message its sending job', async () => {
    const before = MIGRATIONS.findIndex((m) => m.name === '0022_jobs');
    await migrate(database, MIGRATIONS.slice(0, before));
    const db = database.db;
    const iso = (ms: number) => new Date(ms).toISOString();
    const now = Date.now();
    const org = await sql<{ id: number }>`insert into organizations (prefix, name, tax_id, address, post_code_city,
      country_code, registered_at) values ('mig', 'Mig', '', '', '', 'PL', ${iso(now)}) returning id`.execute(db);
    const orgId = org.rows[0]!.id;
    const invoice = await sql<{ id: number }>`insert into invoices (org_id, year, month, n, number, issued_at, snapshot)
      values (${orgId}, 2026, 11, 1, '1/11/2026', ${iso(now)}, '{}') returning id`.execute(db);
    const message = async (sentAt: string | null, next: number) =>
      (
        await sql<{ id: number }>`insert into outbox (org_id, invoice_id, to_address, subject, body, attempts,
          next_attempt_at, sent_at, created_at) values (${orgId}, ${invoice.rows[0]!.id}, 'a@example.pl', 'Faktura',
          'Treść', 3, ${iso(next)}, ${sentAt}, ${iso(now - 60_000)}) returning id`.execute(db)
      ).rows[0]!.id;
    const unsent = await message(null, now + 120_000);
    await message(iso(now), now);

    await migrate(database);
    const jobs = await db.selectFrom('jobs').selectAll().execute();
    expect(jobs).toHaveLength(1);
    const job = jobs[0]!;
    expect([job.org_id, job.kind, JSON.parse(job.payload), job.dedupe_key, job.state, job.attempts]).toEqual([
      orgId,
      'core.invoice-mail',
      { outboxId: unsent },
      `outbox:${unsent}`,
      'pending',
      0,
    ]);
    expect(new Date(toIso(job.run_at)).getTime()).toBe(now + 120_000);
  });
});
