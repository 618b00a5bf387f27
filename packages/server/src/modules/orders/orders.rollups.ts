import { sql } from 'kysely';
import { chunks } from '../../db/per-row';
import type { Database } from '../../db/database';
import {
  DAY_FIGURES,
  dayRowsSql,
  GROUP_FIGURES,
  groupRowsSql,
  rebuildRollups,
  rebuildStatements,
} from '../../db/order-rollups';
import { TenantDb } from '../../db/tenant';

/**
 * Keeps the order roll-ups (db/order-rollups.ts) in step with every write of orders, in the
 * write's transaction: read the contribution of the affected orders before the write (one
 * aggregate query for the set of ids), read it again after, and add the difference with one upsert
 * per table in sorted key order, so concurrent transactions lock roll-up rows in the same order and
 * cannot deadlock on PostgreSQL. The orders themselves are locked by the write before it reads.
 */

type Figures = number[];
/** Roll-up rows keyed 'day|status|source' (days) and 'day|status|source|group' (groups). */
export interface RollupContribution {
  days: Map<string, Figures>;
  groups: Map<string, Figures>;
}

const DAY_KEY = ['day', 'order_status_id', 'income_source_id'] as const;
const GROUP_KEY = [...DAY_KEY, 'group_key'] as const;

function collect(rows: Record<string, unknown>[], key: readonly string[], figures: readonly string[]) {
  const out = new Map<string, Figures>();
  for (const r of rows)
    out.set(
      key.map((k) => Number(r[k])).join('|'),
      figures.map((f) => Number(r[f])),
    );
  return out;
}

/** What these orders add to the roll-ups now (none for ids that are not orders). */
export async function readContribution(tdb: TenantDb, orderIds: readonly number[]): Promise<RollupContribution> {
  const out: RollupContribution = { days: new Map(), groups: new Map() };
  const add = (into: Map<string, Figures>, from: Map<string, Figures>) => {
    for (const [k, f] of from) {
      const had = into.get(k);
      into.set(k, had ? had.map((v, i) => v + f[i]!) : f);
    }
  };
  for (const part of chunks([...new Set(orderIds)], 500)) {
    const scope = { orderIds: part };
    const days = await tdb.executeForOrg((orgId) => dayRowsSql(tdb.isPostgres, { ...scope, orgId }));
    const groups = await tdb.executeForOrg((orgId) => groupRowsSql(tdb.isPostgres, { ...scope, orgId }));
    add(out.days, collect(days.rows, DAY_KEY, DAY_FIGURES));
    add(out.groups, collect(groups.rows, GROUP_KEY, GROUP_FIGURES));
  }
  return out;
}

/** after - before per key, without keys that did not change, in sorted key order. */
function difference(before: Map<string, Figures>, after: Map<string, Figures>): [number[], Figures][] {
  const out: [number[], Figures][] = [];
  for (const k of new Set([...before.keys(), ...after.keys()])) {
    const b = before.get(k);
    const a = after.get(k);
    const width = (a ?? b)!.length;
    const d = Array.from({ length: width }, (_, i) => (a?.[i] ?? 0) - (b?.[i] ?? 0));
    if (d.some((v) => v !== 0)) out.push([k.split('|').map(Number), d]);
  }
  return out.sort(([x], [y]) => {
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
    return 0;
  });
}

async function upsert(
  tdb: TenantDb,
  table: 'order_rollup_days' | 'order_rollup_groups',
  keyColumns: readonly string[],
  figureColumns: readonly string[],
  diff: [number[], Figures][],
): Promise<void> {
  const columns = sql.join([...keyColumns, ...figureColumns].map((c) => sql.ref(c)));
  const increments = sql.join(
    figureColumns.map((c) => sql`${sql.ref(c)} = ${sql.table(table)}.${sql.ref(c)} + excluded.${sql.ref(c)}`),
  );
  // Eleven values a row at most: 50 rows stay under SQLite's 999 bound values of old builds.
  for (const part of chunks(diff, 50)) {
    await tdb.executeForOrg((orgId) => {
      const rows = part.map(([key, d]) => sql`(${sql.join([orgId, ...key, ...d])})`);
      return sql`insert into ${sql.table(table)} (org_id, ${columns}) values ${sql.join(rows)}
        on conflict (org_id, ${sql.join(keyColumns.map((c) => sql.ref(c)))}) do update set ${increments}`;
    });
  }
}

/** Adds `after - before` to the stored roll-ups (the write's transaction). */
export async function applyContributionChange(
  tdb: TenantDb,
  before: RollupContribution,
  after: RollupContribution,
): Promise<void> {
  await upsert(tdb, 'order_rollup_days', DAY_KEY, DAY_FIGURES, difference(before.days, after.days));
  await upsert(tdb, 'order_rollup_groups', GROUP_KEY, GROUP_FIGURES, difference(before.groups, after.groups));
}

/**
 * The pattern every write follows: `const rollups = await rollupsBefore(tdb, ids)` before the
 * write, `await rollups.after(ids)` after it (with the ids of new orders too).
 */
export async function rollupsBefore(tdb: TenantDb, orderIds: readonly number[]) {
  const before = await readContribution(tdb, orderIds);
  return {
    after: async (ids: readonly number[]) => applyContributionChange(tdb, before, await readContribution(tdb, ids)),
  };
}

/**
 * Recomputes roll-ups from the raw tables in SQL: one organisation's (a TenantDb) or every
 * organisation's (a Database or anything with its `db` and `engine`, e.g. the demo seed's after its
 * bulk inserts). Writes of orders never
 * need it; it repairs, and it is what the check compares against.
 */
export async function rebuildOrderRollups(target: TenantDb | Pick<Database, 'db' | 'engine'>): Promise<void> {
  if (target instanceof TenantDb) {
    await target.transaction(async (tdb) => {
      for (const statement of rebuildStatements(tdb.isPostgres, tdb.orgId)) await tdb.executeForOrg(() => statement);
    });
    return;
  }
  await target.db.transaction().execute((trx) => rebuildRollups(trx, target.engine === 'postgres'));
}

/** A roll-up row that differs from the recomputation: its key, what is stored, what it should be. */
export interface RollupDifference {
  table: 'order_rollup_days' | 'order_rollup_groups';
  key: string;
  stored: Figures | null;
  computed: Figures | null;
}

/**
 * Compares the organisation's stored roll-ups with a recomputation from its orders (rows whose
 * figures are all zero count as absent): empty when they agree. Tests run it after every kind of
 * write; it is the roll-ups' `stock:verify`.
 */
export async function checkOrderRollups(tdb: TenantDb): Promise<RollupDifference[]> {
  const out: RollupDifference[] = [];
  const tables = [
    ['order_rollup_days', DAY_KEY, DAY_FIGURES, dayRowsSql] as const,
    ['order_rollup_groups', GROUP_KEY, GROUP_FIGURES, groupRowsSql] as const,
  ];
  for (const [table, key, figures, computeSql] of tables) {
    const stored = await tdb.executeForOrg(
      (orgId) => sql<Record<string, unknown>>`select * from ${sql.table(table)} where org_id = ${orgId}`,
    );
    const computed = await tdb.executeForOrg((orgId) => computeSql(tdb.isPostgres, { orgId }));
    const s = collect(stored.rows, key, figures);
    const c = collect(computed.rows, key, figures);
    for (const k of new Set([...s.keys(), ...c.keys()])) {
      const a = s.get(k)?.some((v) => v !== 0) ? s.get(k)! : null;
      const b = c.get(k)?.some((v) => v !== 0) ? c.get(k)! : null;
      if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ table, key: k, stored: a, computed: b });
    }
  }
  return out;
}
