import { describe, expect, it } from 'vitest';
import { openSqlite } from '../db/database';
import { TenantDb } from '../db/tenant';
import { EventBus } from './events';
import { UsageRegistry } from './usage';

async function scratch() {
  const database = openSqlite(':memory:');
  await database.db.schema
    .createTable('options')
    .addColumn('org_id', 'integer')
    .addColumn('key', 'text')
    .addColumn('value', 'text')
    .execute();
  return database;
}

describe('EventBus', () => {
  it('dispatches after commit, in order, and never after a rollback', async () => {
    const database = await scratch();
    const errors: unknown[] = [];
    const bus = new EventBus((err) => errors.push(err));
    const seen: string[] = [];
    bus.on('item.saved', (e) => void seen.push(`saved ${e.itemId}`));
    const tdb = new TenantDb(database.db, 1);

    await tdb.transaction(async (t) => {
      await t.insertInto('options', { key: 'a', value: '1' }).execute();
      bus.emitAfterCommit(t, 'item.saved', { orgId: 1, itemId: 7, created: true });
      expect(seen).toEqual([]); // not before the commit
    });
    await Promise.resolve();
    expect(seen).toEqual(['saved 7']);

    await expect(
      tdb.transaction(async (t) => {
        bus.emitAfterCommit(t, 'item.saved', { orgId: 1, itemId: 8, created: true });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await Promise.resolve();
    expect(seen).toEqual(['saved 7']);
    expect(errors).toEqual([]);
    await database.destroy();
  });

  it('a failing subscriber is reported and does not stop the next one', async () => {
    const errors: string[] = [];
    const bus = new EventBus((_err, event) => errors.push(event));
    const seen: number[] = [];
    bus.on('stock.changed', () => {
      throw new Error('plugin broke');
    });
    const off = bus.on('stock.changed', (e) => void seen.push(e.qtyAfter));
    await bus.dispatch('stock.changed', { orgId: 1, itemId: 1, changeId: 1, qtyBefore: 1, qtyAfter: 0 });
    off();
    await bus.dispatch('stock.changed', { orgId: 1, itemId: 1, changeId: 2, qtyBefore: 0, qtyAfter: 5 });
    expect(seen).toEqual([0]);
    expect(errors).toEqual(['stock.changed', 'stock.changed']);
  });
});

describe('UsageRegistry', () => {
  it('answers the first reason a row is in use, per target table', async () => {
    const usage = new UsageRegistry();
    const tdb = new TenantDb((await scratch()).db, 1);
    usage.add({ target: 'categories', check: async (_t, id) => (id === 1 ? 'used by items' : undefined) });
    usage.add({ target: 'categories', check: async (_t, id) => (id === 2 ? 'used by parameters' : undefined) });
    expect(await usage.reasonInUse(tdb, 'categories', 1)).toBe('used by items');
    expect(await usage.reasonInUse(tdb, 'categories', 2)).toBe('used by parameters');
    expect(await usage.reasonInUse(tdb, 'categories', 3)).toBeUndefined();
    expect(await usage.reasonInUse(tdb, 'places', 1)).toBeUndefined();
    await expect(usage.assertUnused(tdb, 'categories', 2)).rejects.toMatchObject({
      statusCode: 409,
      message: 'used by parameters',
    });
  });
});
