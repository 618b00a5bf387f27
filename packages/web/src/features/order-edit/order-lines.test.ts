import { describe, expect, it } from 'vitest';
import { lineStockNotes, newLine, typedCodeLine, type OrderLineValues } from './order-form';

const item = { id: 7, code: 'TAL-1', name: 'Talerz płytki', price: 24.5, vat: 8 };
const linked = (quantity: string): OrderLineValues => ({ ...newLine('23'), code: 'TAL-1', quantity, itemId: 7 });

describe('order lines: a typed code and the stock notes', () => {
  it('a typed code found as an item links the line and fills name, price and VAT like a scan', () => {
    expect(typedCodeLine({ ...newLine('23'), code: 'tal-1' }, item)).toEqual({
      code: 'TAL-1',
      name: 'Talerz płytki',
      quantity: '1',
      price: '24.50',
      vat: '8',
      itemId: 7,
    });
    // What was typed by hand stays: a name, and a price with its VAT.
    const own = typedCodeLine({ ...newLine('23'), code: 'tal-1', name: 'Mój talerz', price: '20' }, item);
    expect(own).toMatchObject({ name: 'Mój talerz', price: '20', vat: '23', itemId: 7 });
  });

  it('notes an item whose stock is short of what the lines add beyond the stored order', () => {
    const stock = new Map([[7, 5]]);
    expect(lineStockNotes([linked('5')], stock, [])).toEqual(new Map());
    expect(lineStockNotes([linked('7')], stock, [])).toEqual(new Map([[7, 5]]));
    // Two lines of one item count together.
    expect(lineStockNotes([linked('3'), linked('3')], stock, [])).toEqual(new Map([[7, 5]]));
    // The stored order's own pieces need no stock; a stock below 0 counts as 0.
    expect(lineStockNotes([linked('12')], stock, [{ itemId: 7, quantity: 7 }])).toEqual(new Map());
    expect(lineStockNotes([linked('8')], new Map([[7, -2]]), [{ itemId: 7, quantity: 7 }])).toEqual(new Map([[7, 0]]));
    // Unknown stock or an unlinked line: no note.
    expect(lineStockNotes([linked('9')], new Map(), [])).toEqual(new Map());
    expect(lineStockNotes([{ ...linked('9'), itemId: null }], stock, [])).toEqual(new Map());
  });
});
