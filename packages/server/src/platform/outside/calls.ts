import type { Kysely } from 'kysely';
import type { PluginCall, PluginCallsQuery } from '@zaplecze/contract';
import { toIso } from '../../db/database';
import type { DB } from '../../db/schema';
import type { TenantDb } from '../../db/tenant';

/** How long calls stay in the log (the hourly maintenance purge removes older ones). */
export const PLUGIN_CALLS_KEEP_DAYS = 30;

/** One row of the call log as the client writes it. */
export interface PluginCallRecord {
  orgId: number;
  pluginId: string;
  at: Date;
  method: string;
  path: string;
  status: number;
  ms: number;
  ok: boolean;
  what: string;
  message: string;
  orderId?: number | undefined;
  itemId?: number | undefined;
  jobId?: number | undefined;
}

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * Writes one call on the server's own connection (never a transaction's: the log must keep a call
 * whose caller rolled back). Bounded texts; nothing of the request's headers or body.
 */
export async function recordPluginCall(db: Kysely<DB>, r: PluginCallRecord): Promise<void> {
  await db
    .insertInto('plugin_calls')
    .values({
      org_id: r.orgId,
      plugin_id: r.pluginId,
      at: r.at.toISOString(),
      method: r.method,
      path: cut(r.path, 300),
      status: r.status,
      ms: Math.round(r.ms),
      ok: r.ok ? 1 : 0,
      what: cut(r.what, 200),
      message: cut(r.message, 500),
      order_id: r.orderId ?? null,
      item_id: r.itemId ?? null,
      job_id: r.jobId ?? null,
    })
    .execute();
}

function listQuery(tdb: TenantDb, q: Pick<PluginCallsQuery, 'pluginId' | 'outcome' | 'orderId'>) {
  let qb = tdb.selectFrom('plugin_calls').where('plugin_id', '=', q.pluginId);
  if (q.outcome) qb = qb.where('ok', '=', q.outcome === 'ok' ? 1 : 0);
  if (q.orderId !== undefined) qb = qb.where('order_id', '=', q.orderId);
  return qb;
}

export const pluginCallsRepository = {
  /** A page of one plugin's calls, newest first, through the (org_id, plugin_id, id) index. */
  async page(tdb: TenantDb, q: PluginCallsQuery): Promise<PluginCall[]> {
    const rows = await listQuery(tdb, q)
      .selectAll()
      .orderBy('id', 'desc')
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage)
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      at: toIso(r.at),
      method: r.method,
      path: r.path,
      status: Number(r.status),
      ms: Number(r.ms),
      ok: Number(r.ok) === 1,
      what: r.what,
      message: r.message,
      orderId: r.order_id === null ? null : Number(r.order_id),
      itemId: r.item_id === null ? null : Number(r.item_id),
      jobId: r.job_id === null ? null : Number(r.job_id),
    }));
  },

  async count(tdb: TenantDb, q: Pick<PluginCallsQuery, 'pluginId' | 'outcome' | 'orderId'>): Promise<number> {
    const row = await listQuery(tdb, q)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  /** Removes calls older than PLUGIN_CALLS_KEEP_DAYS of every organisation (maintenance). */
  async purge(db: Kysely<DB>, now: Date): Promise<number> {
    const before = new Date(now.getTime() - PLUGIN_CALLS_KEEP_DAYS * 86_400_000).toISOString();
    const r = await db.deleteFrom('plugin_calls').where('at', '<', before).executeTakeFirst();
    return Number(r.numDeletedRows);
  },
};
