import type { Order } from '@zaplecze/contract';
import { orderDivideSchema } from '@zaplecze/contract';
import { describe, expect, it } from 'vitest';
import { canDivide, checkDivide, divideBody, divideDefaults, moveCount } from './divide';

const order = {
  id: 7,
  deliveryCost: 15,
  items: [
    { id: 11, code: 'KUB-1', name: 'Kubek', quantity: 3, price: 1, vat: 23, itemId: 1 },
    { id: 12, code: '', name: 'Usługa', quantity: 1, price: 5, vat: 23, itemId: null },
  ],
} as unknown as Order;

describe('order split (§2.15, §5 Split)', () => {
  it('starts with nothing moved and the order delivery cost', () => {
    const v = divideDefaults(order);
    expect(v).toEqual({ moves: { 11: '0', 12: '0' }, oldDeliveryCost: '15.00', newDeliveryCost: '0.00' });
    const c = checkDivide(order, v);
    expect(c.moved).toBe(0);
    expect(canDivide(c)).toBe(false);
  });

  it('a move count is a whole number from 0 to the line quantity', () => {
    expect(moveCount('0', 3)).toBe(0);
    expect(moveCount('3', 3)).toBe(3);
    expect(moveCount('4', 3)).toBeUndefined();
    expect(moveCount('-1', 3)).toBeUndefined();
    expect(moveCount('1.5', 3)).toBeUndefined();
    expect(moveCount('', 3)).toBeUndefined();
  });

  it('refuses bad counts and bad costs; allows a valid move', () => {
    const v = { moves: { 11: '2', 12: '5' }, oldDeliveryCost: '-1', newDeliveryCost: '1.234' };
    const c = checkDivide(order, v);
    expect(c).toEqual({ badLines: [12], oldCostBad: true, newCostBad: true, moved: 2 });
    expect(canDivide(c)).toBe(false);
    const ok = { moves: { 11: '2', 12: '0' }, oldDeliveryCost: '10', newDeliveryCost: '5,50' };
    expect(canDivide(checkDivide(order, ok))).toBe(true);
  });

  it('sends only the moved lines, named by line id', () => {
    const body = divideBody(order, { moves: { 11: '2', 12: '0' }, oldDeliveryCost: '10', newDeliveryCost: '5,50' });
    expect(body).toEqual({
      orderId: 7,
      oldDeliveryCost: '10',
      newDeliveryCost: '5.50',
      itemsToMove: [{ lineId: 11, code: 'KUB-1', count: 2 }],
    });
    expect(orderDivideSchema.safeParse(body).success).toBe(true);
  });
});
