import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placesResponseSchema, treeNodeSchema, type TreeNode } from '@zaplecze/contract';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg } from '../../../test/factories';

let server: TestServer;
let org: TestOrg;
let orgId: number;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  const row = await server.deps.db
    .selectFrom('organizations')
    .select('id')
    .where('prefix', '=', org.prefix)
    .executeTakeFirstOrThrow();
  orgId = row.id;
});
afterAll(() => server.close());

async function places(): Promise<TreeNode[]> {
  return placesResponseSchema.parse((await org.admin.get('/api/places')).body).places;
}

/** Every stored path equals the one computed from the parent's. */
function expectConsistent(nodes: TreeNode[]) {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  for (const n of nodes) {
    const parent = n.parentId === null ? undefined : byId.get(n.parentId);
    if (n.parentId !== null) expect(parent, `parent of ${n.id}`).toBeDefined();
    expect(n.fullNumber, `${n.id}`).toBe(parent ? `${parent.fullNumber}-${n.number}` : n.number);
    expect(n.fullName, `${n.id}`).toBe(parent ? `${parent.fullName} / ${n.name}` : n.name);
  }
}

describe('large warehouse trees', () => {
  it('renaming the top of 1,200 places rewrites them all in one request', async () => {
    const hall = treeNodeSchema.parse((await org.admin.post('/api/places', { name: 'Hala', number: 'H' })).body);
    // Seeded directly: 40 racks with 29 shelves each.
    const racks = await server.deps.db
      .insertInto('places')
      .values(
        Array.from({ length: 40 }, (_, r) => ({
          org_id: orgId,
          parent_id: hall.id,
          number: `R${r}`,
          name: `Regał ${r}`,
          full_number: `H-R${r}`,
          full_name: `Hala / Regał ${r}`,
        })),
      )
      .returning(['id', 'number', 'name'])
      .execute();
    for (const rack of racks) {
      await server.deps.db
        .insertInto('places')
        .values(
          Array.from({ length: 29 }, (_, s) => ({
            org_id: orgId,
            parent_id: rack.id,
            number: String(s + 1),
            name: `Półka ${s + 1}`,
            full_number: `H-${rack.number}-${s + 1}`,
            full_name: `Hala / ${rack.name} / Półka ${s + 1}`,
          })),
        )
        .execute();
    }

    const started = Date.now();
    const res = await org.admin.put('/api/places', { id: hall.id, name: 'Magazyn', number: 'M', parentId: null });
    const took = Date.now() - started;
    expect(res.status).toBe(200);
    expect(took).toBeLessThan(10_000);

    const all = await places();
    expect(all).toHaveLength(1201);
    expectConsistent(all);
    expect(all.find((p) => p.number === '29' && p.fullNumber === 'M-R39-29')?.fullName).toBe(
      'Magazyn / Regał 39 / Półka 29',
    );
    // Sorted by full number as people read it: M, M-R0, M-R0-1, M-R0-2 ... M-R0-10 ...
    expect(all.slice(0, 4).map((p) => p.fullNumber)).toEqual(['M', 'M-R0', 'M-R0-1', 'M-R0-2']);
  });

  it('parallel edits of one branch leave every path consistent', async () => {
    const root = treeNodeSchema.parse((await org.admin.post('/api/places', { name: 'Strefa', number: 'S' })).body);
    const a = treeNodeSchema.parse(
      (await org.admin.post('/api/places', { name: 'A', number: 'A', parentId: root.id })).body,
    );
    const b = treeNodeSchema.parse(
      (await org.admin.post('/api/places', { name: 'B', number: 'B', parentId: root.id })).body,
    );
    const calls: Promise<{ status: number }>[] = [];
    for (let i = 0; i < 8; i++) {
      calls.push(org.admin.put('/api/places', { id: root.id, name: `Strefa ${i}`, number: `S${i}`, parentId: null }));
      calls.push(
        org.admin.post('/api/places', { name: `Dziecko ${i}`, number: `d${i}`, parentId: i % 2 ? a.id : b.id }),
      );
      calls.push(
        org.admin.put('/api/places', { id: a.id, name: `A${i}`, number: 'A', parentId: i % 2 ? root.id : b.id }),
      );
    }
    const answers = await Promise.all(calls);
    for (const r of answers) expect([200, 400, 409]).toContain(r.status);
    expectConsistent(await places());
  });
});
