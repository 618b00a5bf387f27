import type { Insertable } from 'kysely';
import type { OrderScansTable } from '../../db/schema';
import type { TenantDb } from '../../db/tenant';

export type ScanLogRow = Omit<Insertable<OrderScansTable>, 'id' | 'org_id'>;

interface Batch {
  tdb: TenantDb;
  rows: ScanLogRow[];
  waiters: { resolve: () => void; reject: (err: unknown) => void }[];
}

/** Rows one insert carries (10 columns: under SQLite's 999 bound values of old builds). */
const CHUNK = 90;

/** Batches waiting for the next turn of the event loop, per database handle and organisation. */
const pending = new WeakMap<object, Map<number, Batch>>();

/**
 * Writes one row of the scan log (docs/decisions.md, Documents: Order reader) and resolves once it
 * is committed. Rows of the scans a worker handles in the same turn of the event loop go in one
 * insert (group commit): with many readers at once, one write lock and one statement serve them
 * all instead of one each, and no answer goes out before its row is stored. Call it outside a
 * transaction; `db` (the server's handle) keys the batches, so two servers in one process never mix.
 */
export function logScan(db: object, tdb: TenantDb, row: ScanLogRow): Promise<void> {
  let byOrg = pending.get(db);
  if (!byOrg) pending.set(db, (byOrg = new Map()));
  let batch = byOrg.get(tdb.orgId);
  if (!batch) {
    const fresh: Batch = { tdb, rows: [], waiters: [] };
    byOrg.set(tdb.orgId, fresh);
    setImmediate(() => {
      byOrg.delete(tdb.orgId);
      void flush(fresh);
    });
    batch = fresh;
  }
  batch.rows.push(row);
  const { waiters } = batch;
  return new Promise((resolve, reject) => waiters.push({ resolve, reject }));
}

async function flush(batch: Batch): Promise<void> {
  try {
    const insert = async (tdb: TenantDb) => {
      for (let i = 0; i < batch.rows.length; i += CHUNK)
        await tdb.insertInto('order_scans', batch.rows.slice(i, i + CHUNK)).execute();
    };
    // On SQLite in a transaction, so that the insert waits for its write turn (db/write-turn.ts)
    // instead of sleeping in SQLite's busy handler; PostgreSQL needs no such round trips.
    if (batch.tdb.isPostgres) await insert(batch.tdb);
    else await batch.tdb.transaction(insert);
    for (const w of batch.waiters) w.resolve();
  } catch (err) {
    for (const w of batch.waiters) w.reject(err);
  }
}

/** Writes one log row inside the caller's transaction (a scan that changed the order). */
export async function logScanIn(tdb: TenantDb, row: ScanLogRow): Promise<void> {
  await tdb.insertInto('order_scans', row).execute();
}
