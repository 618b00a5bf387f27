import { sql, type TenantDb } from '@zaplecze/plugin-sdk';
import { FITMENTS, MODELS, recordFitmentChange } from './tables';

/** The year the demo takes as "now" for models still made (fixed: the demo is reproducible). */
const DEMO_YEAR = 2026;

/**
 * `demo:seed --moto` (PluginServer.demoSeed): two fitments for every item of the demo
 * organisation, over the starter catalogue, with each model's production years. Set-based: two
 * INSERT ... SELECT over the items, with the filter's two indexes dropped first and built again at
 * the end (building an index from the finished table is several times cheaper than 2 million
 * random insertions into it). The models are numbered 0..n-1; item i fits models i mod n and
 * (i mod n + 1 + (i / 7) mod (n - 1)) mod n, never the same.
 */
export async function seedMotoDemo(tdb: TenantDb): Promise<string> {
  await tdb.executeForOrg(() => sql`drop index if exists ${sql.id(`${FITMENTS}_model_idx`)}`);
  await tdb.executeForOrg(() => sql`drop index if exists ${sql.id(`${FITMENTS}_make_idx`)}`);
  for (const pick of [sql`i.id % n.c`, sql`(i.id % n.c + 1 + (i.id / 7) % (n.c - 1)) % n.c`]) {
    await tdb.executeForOrg(
      (orgId) => sql`with m as (
          select id, make_id, year_from, coalesce(year_to, ${DEMO_YEAR}) as year_to,
            row_number() over (order by id) - 1 as k
          from ${sql.table(MODELS)} where org_id = ${orgId}
        ), n as (select count(*) as c from m)
        insert into ${sql.table(FITMENTS)} (org_id, item_id, make_id, model_id, year_from, year_to)
        select i.org_id, i.id, m.make_id, m.id, m.year_from, m.year_to
        from items i cross join n join m on m.k = ${pick}
        where i.org_id = ${orgId} and n.c > 1`,
    );
  }
  // As migration 0001_catalogue made them.
  for (const [name, lead] of [
    ['model', 'model_id'],
    ['make', 'make_id'],
  ] as const)
    await tdb.executeForOrg(
      () =>
        sql`create index ${sql.id(`${FITMENTS}_${name}_idx`)} on ${sql.table(FITMENTS)} (org_id, ${sql.id(lead)}, year_from, year_to, item_id)`,
    );
  await recordFitmentChange(tdb, 'all');
  const n = await tdb
    .withTables<{ p_moto_fitments: { org_id: number; item_id: number } }>()
    .selectFrom(FITMENTS)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return `moto: katalog motocykli i ${Number(n.n)} dopasowań`;
}
