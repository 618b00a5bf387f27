import { describe, expect, it } from 'vitest';
import { orderInputSchema, orderSummary, orderUpdateSchema, weightSchema } from './orders';

const base = { deliveryCost: 0, deliveryVat: 23 };

describe('order save rules (docs/rules/catalogue-and-orders-rules.md §4, docs/decisions.md Orders)', () => {
  it('drops lines with neither code nor name, defaults the quantity to 1 and the currency to PLN', () => {
    const o = orderInputSchema.parse({
      ...base,
      items: [
        { code: ' ', name: '', price: 1, vat: 23 },
        { code: 'A', price: 1, vat: 23 },
        { name: 'B', price: 2, vat: 8 },
      ],
    });
    expect(o.items.map((l) => [l.code, l.name, l.quantity, l.price, l.itemId])).toEqual([
      ['A', '', 1, 100, null],
      ['', 'B', 1, 200, null],
    ]);
    expect(o.currency).toBe('PLN');
  });

  it('an empty external id is null; the problem text needs its flag', () => {
    expect(orderInputSchema.parse({ ...base, externalId: '' }).externalId).toBeNull();
    expect(orderInputSchema.parse({ ...base, problem: 'x' }).problem).toBeNull();
    expect(orderInputSchema.parse({ ...base, hasProblem: true, problem: ' x ' }).problem).toBe('x');
    expect(orderInputSchema.parse({ ...base, hasProblem: true }).problem).toBe('');
  });

  it('clears the company fields of a private person and the name of a company; no invoice when absent', () => {
    const fields = { nameSurname: 'Jan', companyName: 'ACME', companyTaxId: '5260250995' };
    expect(orderInputSchema.parse({ ...base, invoice: fields }).invoice).toMatchObject({
      nameSurname: 'Jan',
      companyName: '',
      companyTaxId: '',
    });
    expect(orderInputSchema.parse({ ...base, invoice: { ...fields, isCompany: true } }).invoice).toMatchObject({
      nameSurname: '',
      companyName: 'ACME',
      companyTaxId: '5260250995',
    });
    expect(orderInputSchema.parse(base).invoice).toBeNull();
  });

  it('never takes uuid, addDate or lastModDate; an edit needs status and income source', () => {
    const o = orderInputSchema.parse({ ...base, uuid: 'u', addDate: 'a', lastModDate: 'l' }) as Record<string, unknown>;
    expect(['uuid', 'addDate', 'lastModDate'].filter((k) => k in o)).toEqual([]);
    expect(orderUpdateSchema.safeParse({ ...base, id: 1 }).success).toBe(false);
    expect(orderUpdateSchema.parse({ ...base, id: 1, orderStatusId: 2, incomeSourceId: 3 }).itemsChanged).toBe(false);
  });

  it('weights are kilograms with at most three decimals, stored as grams', () => {
    expect(weightSchema.parse('1,5')).toBe(1500);
    expect(weightSchema.parse(0.001)).toBe(1);
    expect(weightSchema.safeParse(0.0001).success).toBe(false);
    expect(weightSchema.safeParse(1000.001).success).toBe(false);
  });

  it('the sum is exact: Σ quantity × price + delivery, in grosze', () => {
    const lines = Array.from({ length: 10 }, () => ({ code: 'A', quantity: 1, priceHundredths: 10 }));
    expect(orderSummary(lines, 20)).toEqual({ sumGross: 1.2, itemsCodes: [{ code: 'A', quantity: 10 }] });
  });
});
