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
  it('gathers one bulk event per transaction, dispatched after commit and never after a rollback', async () => {
    const database = await scratch();
    const errors: unknown[] = [];
    const bus = new EventBus((err) => errors.push(err));
    const seen: unknown[] = [];
    bus.on('items.saved', (e) => void seen.push(e));
    const tdb = new TenantDb(database.db, 1);

    await tdb.transaction(async (t) => {
      await t.insertInto('options', { key: 'a', value: '1' }).execute();
      bus.emit(t, 'items.saved', { itemIds: [7], createdIds: [7] });
      bus.emit(t, 'items.saved', { itemIds: [8, 7], createdIds: [] });
      expect(seen).toEqual([]); // not before the commit
    });
    await Promise.resolve();
    expect(seen).toEqual([{ orgId: 1, itemIds: [7, 8], createdIds: [7] }]);

    await expect(
      tdb.transaction(async (t) => {
        bus.emit(t, 'items.saved', { itemIds: [9], createdIds: [9] });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await Promise.resolve();
    expect(seen).toHaveLength(1);
    expect(() => bus.emit(tdb, 'items.saved', { itemIds: [1], createdIds: [] })).toThrow(/outside a transaction/);
    expect(errors).toEqual([]);
    await database.destroy();
  });

  it('in-transaction subscribers write in the emitting transaction; a throw there rolls it back', async () => {
    const database = await scratch();
    const bus = new EventBus();
    bus.inTransaction('stock.changed', async (t, e) => {
      if (e.items.some((x) => x.qty < 0)) throw new Error('refused');
      await t.insertInto('options', { key: 'stock', value: JSON.stringify(e.items) }).execute();
    });
    const tdb = new TenantDb(database.db, 1);
    await tdb.transaction(async (t) => {
      bus.emit(t, 'stock.changed', { items: [{ itemId: 1, delta: 2, qty: 2 }] });
      bus.emit(t, 'stock.changed', {
        items: [
          { itemId: 1, delta: 3, qty: 5 },
          { itemId: 2, delta: 1, qty: 1 },
        ],
      });
      // Nets to zero: dropped.
      bus.emit(t, 'stock.changed', { items: [{ itemId: 3, delta: 0, qty: 4 }] });
    });
    await expect(
      tdb.transaction(async (t) => {
        await t.insertInto('options', { key: 'other', value: 'x' }).execute();
        bus.emit(t, 'stock.changed', { items: [{ itemId: 1, delta: -9, qty: -4 }] });
      }),
    ).rejects.toThrow('refused');
    const rows = await database.db.selectFrom('options').select(['key', 'value']).execute();
    expect(rows).toEqual([
      {
        key: 'stock',
        value: JSON.stringify([
          { itemId: 1, delta: 5, qty: 5 },
          { itemId: 2, delta: 1, qty: 1 },
        ]),
      },
    ]);
    await database.destroy();
  });

  it('a status set to the one it had is no change; an empty event does not go out', async () => {
    const database = await scratch();
    const bus = new EventBus();
    const seen: unknown[] = [];
    bus.on('order.status_changed', (e) => void seen.push(e.orders));
    const tdb = new TenantDb(database.db, 1);
    await tdb.transaction(async (t) => {
      bus.emit(t, 'order.status_changed', {
        orders: [
          { orderId: 1, from: 1, to: 2 },
          { orderId: 2, from: 3, to: 3 },
        ],
      });
      bus.emit(t, 'order.status_changed', { orders: [{ orderId: 1, from: 2, to: 4 }] });
    });
    await tdb.transaction(async (t) =>
      bus.emit(t, 'order.status_changed', { orders: [{ orderId: 5, from: 1, to: 1 }] }),
    );
    await Promise.resolve();
    expect(seen).toEqual([[{ orderId: 1, from: 1, to: 4 }]]);
    await database.destroy();
  });

  it('a failing subscriber is reported and does not stop the next one', async () => {
    const errors: string[] = [];
    const bus = new EventBus((_err, event) => errors.push(event));
    const seen: number[] = [];
    bus.on('stock.changed', () => {
      throw new Error('plugin broke');
    });
    const off = bus.on('stock.changed', (e) => void seen.push(e.items[0]!.qty));
    await bus.dispatch('stock.changed', { orgId: 1, items: [{ itemId: 1, delta: -1, qty: 0 }] });
    off();
    await bus.dispatch('stock.changed', { orgId: 1, items: [{ itemId: 1, delta: 5, qty: 5 }] });
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
