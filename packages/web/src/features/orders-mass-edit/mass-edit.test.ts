import { describe, expect, it } from 'vitest';
import { ApiError } from '@web/platform/api';
import { massFormErrors, massPayload, ordersMassFormDefaults, runMassEdit } from './mass-edit';
import { ORDERS_MASS_EDIT_SELECTION_KEY, readOrdersSelection, storeOrdersSelection } from './selection';

function storage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

describe('orders mass edit', () => {
  it('sends only the ticked fields, commas as dots', () => {
    const f = {
      ...ordersMassFormDefaults,
      deliveryCostOn: true,
      deliveryCost: '12,5',
      orderStatusOn: true,
      orderStatusId: '4',
      incomeSourceId: '9',
    };
    expect(massFormErrors(f)).toEqual({});
    expect(massPayload(f)).toEqual({ deliveryCost: '12.5', orderStatusId: 4 });
    expect(massPayload({ ...f, deliveryVatOn: true, deliveryVat: '8', incomeSourceOn: true })).toEqual({
      deliveryCost: '12.5',
      deliveryVat: '8',
      orderStatusId: 4,
      incomeSourceId: 9,
    });
  });

  it('requires ticked fields and at least one tick (§5)', () => {
    expect(massFormErrors(ordersMassFormDefaults)).toEqual({ form: 'nothing' });
    expect(
      massFormErrors({
        ...ordersMassFormDefaults,
        deliveryCostOn: true,
        deliveryVatOn: true,
        orderStatusOn: true,
        incomeSourceOn: true,
      }),
    ).toEqual({
      deliveryCost: 'required',
      deliveryVat: 'required',
      orderStatusId: 'required',
      incomeSourceId: 'required',
    });
    expect(massFormErrors({ ...ordersMassFormDefaults, deliveryCostOn: true, deliveryCost: '1.234' })).toEqual({
      deliveryCost: 'amount',
    });
    expect(massFormErrors({ ...ordersMassFormDefaults, deliveryCostOn: true, deliveryCost: '-1' })).toEqual({
      deliveryCost: 'amount',
    });
  });

  it('sends batches of 100 in order, a new key per batch, the same key on a retry after a network failure', async () => {
    const ids = Array.from({ length: 250 }, (_, i) => i + 1);
    const sent: { size: number; key: string }[] = [];
    const progress: number[] = [];
    let n = 0;
    let failedOnce = false;
    const result = await runMassEdit(
      ids,
      async (batch, key) => {
        sent.push({ size: batch.length, key });
        if (batch[0] === 101 && !failedOnce) {
          failedOnce = true;
          throw new ApiError(0, 'offline');
        }
        return { ok: batch.slice(1), err: [{ id: batch[0] ?? 0, reason: 'x' }], notFound: [] };
      },
      {
        newKey: () => `key-${++n}`,
        isNetworkError: (e) => e instanceof ApiError && e.code === 0,
        onProgress: (d) => progress.push(d),
      },
    );
    expect(sent).toEqual([
      { size: 100, key: 'key-1' },
      { size: 100, key: 'key-2' },
      { size: 100, key: 'key-2' },
      { size: 50, key: 'key-3' },
    ]);
    expect(progress).toEqual([100, 200, 250]);
    expect(result.ok).toHaveLength(247);
    expect(result.err.map((e) => e.id)).toEqual([1, 101, 201]);
  });

  it('stops at the first failure that is not a lost connection', async () => {
    const progress: number[] = [];
    await expect(
      runMassEdit(
        Array.from({ length: 150 }, (_, i) => i + 1),
        async (batch) => {
          if (batch[0] === 101) throw new ApiError(400, 'Zła wartość');
          return { ok: batch, err: [], notFound: [] };
        },
        { newKey: () => 'k', isNetworkError: () => false, onProgress: (d) => progress.push(d) },
      ),
    ).rejects.toThrow('Zła wartość');
    expect(progress).toEqual([100]);
  });

  it('hands the selection over in session storage; junk reads as none', () => {
    const s = storage();
    storeOrdersSelection(s, [5, 3, 9]);
    expect(readOrdersSelection(s)).toEqual([5, 3, 9]);
    expect(readOrdersSelection(storage({ [ORDERS_MASS_EDIT_SELECTION_KEY]: '{"ids":["a"]}' }))).toEqual([]);
    expect(readOrdersSelection(storage({ [ORDERS_MASS_EDIT_SELECTION_KEY]: 'not json' }))).toEqual([]);
    expect(readOrdersSelection(storage())).toEqual([]);
  });
});
