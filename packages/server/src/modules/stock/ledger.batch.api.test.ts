import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TenantDb } from '../../db/tenant';
import { AppError } from '../../platform/errors';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg } from '../../../test/factories';
import { recordChanges, type ChangeType } from '.';
import { setFlag, stockedItem } from '../../../test/ledger';

/**
 * recordChanges, the ledger's batch entry (mass edit and generation use it; order lines will):
 * requests apply in order as if one by one, with a constant number of statements. Called directly
 * on the real database inside a transaction, as its callers do.
 */

let server: TestServer;
let org: TestOrg;
let tdb: TenantDb;
let statusId: number;
let seq = 0;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  tdb = new TenantDb(server.deps.db, org.token.user.organization.id);
  statusId = (await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny', color: '00ff00' })).body.id;
});
afterAll(() => server.close());

const stock = async (id: number) =>
  (await tdb.selectFrom('items').select('count_ware').where('id', '=', id).executeTakeFirstOrThrow()).count_ware;

const changes = (id: number) =>
  tdb
    .selectFrom('warehouse_changes')
    .select(['quantity', 'qty_before', 'qty_after', 'committed'])
    .where('item_id', '=', id)
    .where('type', '=', 'MASS_EDIT')
    .orderBy('id')
    .execute();

const req = (itemId: number, quantity: number, extra: { fromOrder?: boolean; commit?: 'now' | 'option' } = {}) => ({
  itemId,
  quantity,
  type: 'MASS_EDIT' as ChangeType,
  commit: extra.commit ?? ('now' as const),
  fromOrder: extra.fromOrder,
});

describe('recordChanges (a batch of ledger changes)', () => {
  it('applies requests in order: an item twice gets consecutive before/after, zero records nothing', async () => {
    const a = await stockedItem(org.admin, statusId, `B-${++seq}`, 5);
    const b = await stockedItem(org.admin, statusId, `B-${++seq}`, 0);
    const rows = await tdb.transaction((t) =>
      recordChanges(server.deps, t, [req(a, -2), req(b, 4), req(a, 0), req(a, 10)]),
    );
    expect(rows.map((r) => r && [r.item_id, r.quantity, r.qty_before, r.qty_after])).toEqual([
      [a, -2, 5, 3],
      [b, 4, 0, 4],
      undefined,
      [a, 10, 3, 13],
    ]);
    expect(new Set(rows.map((r) => r?.id)).size).toBe(4);
    expect([await stock(a), await stock(b)]).toEqual([13, 4]);
    expect(await changes(a)).toEqual([
      { quantity: -2, qty_before: 5, qty_after: 3, committed: 1 },
      { quantity: 10, qty_before: 3, qty_after: 13, committed: 1 },
    ]);
  });

  it("honours auto-commit and the skip-zero options against the stock the batch's earlier requests leave", async () => {
    const a = await stockedItem(org.admin, statusId, `B-${++seq}`, 1);
    await setFlag(org.admin, 'WAREHOUSE_SKIP_ZERO_MINUS', true);
    await setFlag(org.admin, 'WAREHOUSE_AUTO_COMMIT', true);
    try {
      const rows = await tdb.transaction((t) =>
        recordChanges(server.deps, t, [
          req(a, -1, { fromOrder: true, commit: 'option' }), // 1 -> 0
          req(a, -1, { fromOrder: true, commit: 'option' }), // skipped: the stock is 0 by now
          req(a, 2, { fromOrder: true, commit: 'option' }), // 0 -> 2 (skip-zero-plus is off)
        ]),
      );
      expect(rows.map((r) => r && [r.quantity, r.qty_before, r.qty_after])).toEqual([[-1, 1, 0], undefined, [2, 0, 2]]);
      await setFlag(org.admin, 'WAREHOUSE_AUTO_COMMIT', false);
      const [pending] = await tdb.transaction((t) => recordChanges(server.deps, t, [req(a, -1, { commit: 'option' })]));
      expect(pending).toMatchObject({ committed: 0, qty_before: null, qty_after: null, quantity: -1 });
      expect(await stock(a)).toBe(2);
    } finally {
      await setFlag(org.admin, 'WAREHOUSE_SKIP_ZERO_MINUS', false);
      await setFlag(org.admin, 'WAREHOUSE_AUTO_COMMIT', false);
    }
  });

  it('refuses a batch that would take a stock out of range, recording nothing; a missing item is 404', async () => {
    const a = await stockedItem(org.admin, statusId, `B-${++seq}`, 3);
    const b = await stockedItem(org.admin, statusId, `B-${++seq}`, 3);
    const before = await changes(a);
    const tooMuch = tdb.transaction((t) => recordChanges(server.deps, t, [req(a, 1), req(b, 2_000_000_000)]));
    await expect(tooMuch).rejects.toMatchObject({ statusCode: 409 });
    expect([await stock(a), await stock(b)]).toEqual([3, 3]);
    expect(await changes(a)).toEqual(before);
    const missing = tdb.transaction((t) => recordChanges(server.deps, t, [req(a, 1), req(99_999_999, 1)]));
    await expect(missing).rejects.toBeInstanceOf(AppError);
    await expect(missing).rejects.toMatchObject({ statusCode: 404 });
    expect(await stock(a)).toBe(3);
  });
});
