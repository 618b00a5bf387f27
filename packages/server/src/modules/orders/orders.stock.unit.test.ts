import { describe, expect, it } from 'vitest';
import { stockDifference } from './orders.stock';

const l = (item_id: number | null, quantity: number) => ({ item_id, quantity });

describe('stockDifference (the stock rule of order lines)', () => {
  it('a new order takes stock, a deleted one gives it back; unlinked lines move nothing', () => {
    expect([...stockDifference([], [l(1, 2), l(null, 5), l(1, 1)])]).toEqual([[1, -3]]);
    expect([...stockDifference([l(1, 2), l(2, 1)], [])]).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it('raising, lowering, moving a line to another item; unchanged lines record nothing', () => {
    expect([...stockDifference([l(1, 2)], [l(1, 5)])]).toEqual([[1, -3]]);
    expect([...stockDifference([l(1, 5)], [l(1, 2)])]).toEqual([[1, 3]]);
    expect([...stockDifference([l(1, 2)], [l(2, 2)])]).toEqual([
      [1, 2],
      [2, -2],
    ]);
    expect([...stockDifference([l(1, 2), l(2, 1)], [l(2, 1), l(1, 1), l(1, 1)])]).toEqual([]);
  });
});
