import { formatHundredths, type Order, type OrderDivide } from '@zaplecze/contract';
import { amountHundredths, dotDecimal } from '@web/features/item-edit/margin';
import { numberProblem, readNumber } from '@web/ui/number-text';

/**
 * The split form (docs/rules/catalogue-and-orders-rules.md §2.15, §5 Split): per line the number to move (0 up to
 * the line's quantity), the old and the new delivery cost. Pure, so it is unit-tested.
 */
export interface DivideValues {
  /** Per line id, the number to move as typed. */
  moves: Record<number, string>;
  oldDeliveryCost: string;
  newDeliveryCost: string;
}

export function divideDefaults(order: Order): DivideValues {
  return {
    moves: Object.fromEntries(order.items.map((l) => [l.id, '0'])),
    oldDeliveryCost: formatHundredths(Math.round(order.deliveryCost * 100)),
    newDeliveryCost: '0.00',
  };
}

/** A move count: a whole number from 0 to the line's quantity, else undefined. */
export function moveCount(text: string | undefined, quantity: number): number | undefined {
  if (numberProblem(text, { integer: true, min: 0, max: quantity }) !== undefined) return undefined;
  return readNumber(text);
}

export interface DivideCheck {
  /** Line ids whose count is not valid. */
  badLines: number[];
  oldCostBad: boolean;
  newCostBad: boolean;
  /** Pieces moved in all (0 = nothing moved: save stays disabled). */
  moved: number;
}

export function checkDivide(order: Order, v: DivideValues): DivideCheck {
  let moved = 0;
  const badLines: number[] = [];
  for (const l of order.items) {
    const n = moveCount(v.moves[l.id], l.quantity);
    if (n === undefined) badLines.push(l.id);
    else moved += n;
  }
  return {
    badLines,
    oldCostBad: amountHundredths(v.oldDeliveryCost) === undefined,
    newCostBad: amountHundredths(v.newDeliveryCost) === undefined,
    moved,
  };
}

/** Save is possible only with valid fields and at least one piece moved (§2.15). */
export const canDivide = (c: DivideCheck) => c.badLines.length === 0 && !c.oldCostBad && !c.newCostBad && c.moved > 0;

/** The body of POST /orders/divide: lines named by id (with their code), only those moved. */
export function divideBody(order: Order, v: DivideValues): OrderDivide {
  return {
    orderId: order.id,
    oldDeliveryCost: dotDecimal(v.oldDeliveryCost),
    newDeliveryCost: dotDecimal(v.newDeliveryCost),
    itemsToMove: order.items.flatMap((l) => {
      const count = moveCount(v.moves[l.id], l.quantity) ?? 0;
      return count > 0 ? [{ lineId: l.id, code: l.code, count }] : [];
    }),
  };
}
