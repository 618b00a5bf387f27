import { orderInputSchema, orderUpdateSchema, type Carrier, type OrderInput } from '@zaplecze/contract';
import { describe, expect, it } from 'vitest';
import { sameRate, withCurrent } from '@web/ui/option-lists';
import {
  addScanned,
  combineDateTime,
  linesChanged,
  linkedLine,
  newLine,
  orderBody,
  orderFormDefaults,
  orderTotals,
  splitDateTime,
  type OrderDefaults,
  type OrderFormValues,
} from './order-form';
import { ORDER } from './order.fixture';
import {
  allowedShipping,
  carrierChoices,
  deliveryFields,
  disabledShipping,
  formFieldOf,
  orderFormSchema,
  pickupCheckProblem,
} from './order-rules';

const DEFAULTS: OrderDefaults = {
  stationary: false,
  orderStatusId: '3',
  incomeSourceId: '4',
  currency: 'PLN',
  deliveryVat: '23',
  lineVat: '8',
};

describe('order form <-> order', () => {
  it('a new order takes the defaults; a stationary one is personal pickup', () => {
    const v = orderFormDefaults(undefined, DEFAULTS, new Date('2026-05-02T10:00:00Z'));
    expect(v).toMatchObject({
      orderStatusId: '3',
      incomeSourceId: '4',
      currency: 'PLN',
      deliveryVat: '23',
      deliveryCost: '0.00',
      shippingMethod: 'ADDRESS',
      hasInvoice: false,
      items: [],
    });
    expect(v.date).toMatch(/^2026-05-0[12]$/);
    expect(orderFormDefaults(undefined, { ...DEFAULTS, stationary: true }).shippingMethod).toBe('PERSONAL_PICKUP');
  });

  it('a stored order fills every field and saves back unchanged (PUT, lines unchanged)', () => {
    const v = orderFormDefaults(ORDER, DEFAULTS);
    expect(v).toMatchObject({
      orderStatusId: '5',
      currency: 'EUR',
      deliveryCost: '12.50',
      deliveryVat: '7',
      carrierId: 'old',
      carrierMethodId: '9',
      weight: '1.25',
      invoice: { kind: 'company', companyName: 'Firma', invoiceNumber: '' },
    });
    expect(v.items[0]).toEqual({ code: 'KUBEK', name: 'Kubek', quantity: '2', price: '19.90', vat: '23', itemId: 100 });
    const body = orderBody(v, { order: ORDER, stationary: false, unlocked: false });
    expect(body).toMatchObject({ id: 12, orderDate: ORDER.orderDate, itemsChanged: false, carrierMethodId: 9 });
    const parsed = orderUpdateSchema.parse(body);
    expect(parsed.deliveryCost).toBe(1250);
    expect(parsed.weight).toBe(1250);
    expect(parsed.invoice).toMatchObject({ isCompany: true, invoiceNumber: null, companyName: 'Firma' });
  });

  it('applies the save rules of §4', () => {
    const v: OrderFormValues = {
      ...orderFormDefaults(ORDER, DEFAULTS),
      externalId: '',
      hasProblem: false,
      problem: 'zapomniany tekst',
      deliveryCost: '7,5',
      invoice: { ...orderFormDefaults(ORDER, DEFAULTS).invoice, kind: 'private', nameSurname: 'Jan' },
      items: [
        { code: ' KUBEK ', name: 'Kubek', quantity: '3', price: '19,9', vat: '23', itemId: 100 },
        { code: '', name: '  ', quantity: '1', price: '', vat: '', itemId: null },
      ],
    };
    const body = orderBody(v, { order: ORDER, stationary: false, unlocked: false });
    expect(body).toMatchObject({
      problem: null,
      deliveryCost: '7.5',
      invoice: { isCompany: false, nameSurname: 'Jan', companyName: '', companyTaxId: '' },
      itemsChanged: true,
    });
    expect(body.items).toEqual([{ code: 'KUBEK', name: 'Kubek', quantity: 3, price: '19.9', vat: '23', itemId: 100 }]);
    expect(orderUpdateSchema.parse(body).externalId).toBeNull();
    // The problem flag keeps its text; no invoice box, no invoice.
    const flagged = orderBody(
      { ...v, hasProblem: true, hasInvoice: false },
      { order: ORDER, stationary: false, unlocked: false },
    );
    expect(flagged).toMatchObject({ problem: 'zapomniany tekst', invoice: null });
  });

  it('a new order posts with the stationary flag and the date only when unlocked', () => {
    const v = {
      ...orderFormDefaults(undefined, { ...DEFAULTS, stationary: true }),
      date: '2026-01-02',
      time: '03:04:05',
    };
    const locked = orderBody(v, { order: undefined, stationary: true, unlocked: false }) as OrderInput;
    expect(locked.orderDate).toBeUndefined();
    expect(locked).toMatchObject({
      stationary: true,
      orderStatusId: 3,
      shippingMethod: 'PERSONAL_PICKUP',
      carrierMethodId: null,
    });
    const unlocked = orderBody(v, { order: undefined, stationary: true, unlocked: true }) as OrderInput;
    expect(unlocked.orderDate).toBe(new Date('2026-01-02T03:04:05').toISOString());
    expect(orderInputSchema.safeParse(unlocked).success).toBe(true);
  });

  it('date and time round-trip through the fields', () => {
    const iso = '2026-07-14T21:05:09.000Z';
    const { date, time } = splitDateTime(iso);
    expect(combineDateTime(date, time)).toBe(iso);
    expect(combineDateTime('2026-07-14', '21:05')).toBe(new Date('2026-07-14T21:05:00').toISOString());
    expect(combineDateTime('', '10:00')).toBeUndefined();
  });

  it('personal pickup sends no carrier; a pickup point only for PICKUP_POINT', () => {
    const v = orderFormDefaults(ORDER, DEFAULTS);
    v.client.pickupPoint = 'WAW01';
    expect(
      orderBody({ ...v, shippingMethod: 'PERSONAL_PICKUP' }, { order: ORDER, stationary: false, unlocked: false }),
    ).toMatchObject({
      carrierMethodId: null,
      clientData: { pickupPoint: '' },
    });
    expect(
      orderBody({ ...v, shippingMethod: 'PICKUP_POINT' }, { order: ORDER, stationary: false, unlocked: false }),
    ).toMatchObject({
      carrierMethodId: 9,
      clientData: { pickupPoint: 'WAW01' },
    });
  });

  it('lines changed back count as unchanged; a moved link counts as changed', () => {
    const v = orderFormDefaults(ORDER, DEFAULTS);
    expect(linesChanged(ORDER, v.items)).toBe(false);
    expect(
      linesChanged(
        ORDER,
        v.items.map((l) => ({ ...l, price: l.price.replace('.', ',') })),
      ),
    ).toBe(false);
    expect(linesChanged(ORDER, [{ ...v.items[0]!, itemId: null }, v.items[1]!])).toBe(true);
    expect(linesChanged(ORDER, [...v.items, newLine('23')])).toBe(false);
    // A rate that is no number: a line moved from 23% to zw changed; the stored zw read back did not.
    const zw = [{ ...v.items[0]!, vat: 'ZW' }, v.items[1]!];
    expect(linesChanged(ORDER, zw)).toBe(true);
    const stored = { ...ORDER, items: ORDER.items.map((l, i) => (i === 0 ? { ...l, vat: 'zw' as const } : l)) };
    expect(orderFormDefaults(stored, DEFAULTS).items[0]?.vat).toBe('zw');
    expect(linesChanged(stored, zw)).toBe(false);
  });
});

describe('scan and link', () => {
  const item = { id: 100, code: 'KUBEK', name: 'Kubek', price: 19.9, vat: 23 };

  it('a scan raises the quantity of the line with the same code', () => {
    const lines = orderFormDefaults(ORDER, DEFAULTS).items;
    const r = addScanned(lines, { ...item, code: 'kubek' });
    expect(r).toMatchObject({ row: 0, added: false });
    expect(r.lines[0]?.quantity).toBe('3');
    expect(r.lines).toHaveLength(2);
  });

  it('a scan of a new code adds a linked line with the item price and VAT', () => {
    const r = addScanned([], item);
    expect(r).toMatchObject({ row: 0, added: true });
    expect(r.lines[0]).toEqual({ code: 'KUBEK', name: 'Kubek', quantity: '1', price: '19.90', vat: '23', itemId: 100 });
  });

  it('linking keeps what the line has and fills what it lacks', () => {
    expect(
      linkedLine({ code: 'X', name: 'Mój kubek', quantity: '2', price: '15.00', vat: '8', itemId: null }, item),
    ).toEqual({
      code: 'KUBEK',
      name: 'Mój kubek',
      quantity: '2',
      price: '15.00',
      vat: '8',
      itemId: 100,
    });
    expect(linkedLine(newLine(''), item)).toMatchObject({ name: 'Kubek', price: '19.90', vat: '23' });
  });

  it('totals are exact hundredths; invalid lines count as 0', () => {
    const lines = [
      { code: 'A', name: '', quantity: '3', price: '0.1', vat: '23', itemId: null },
      { code: 'B', name: '', quantity: 'x', price: '5', vat: '23', itemId: null },
    ];
    expect(orderTotals(lines, '0,2')).toEqual({ goods: 30, all: 50 });
  });
});

describe('option lists and delivery rules', () => {
  it('VAT and currency lists always include the order own values', () => {
    expect(withCurrent(['23', '8'], ['7', '23.00', '', '7.0'], sameRate)).toEqual(['7', '23', '8']);
    expect(withCurrent(['PLN'], 'EUR')).toEqual(['EUR', 'PLN']);
    expect(withCurrent(['PLN'], 'PLN')).toEqual(['PLN']);
  });

  it('the carrier method decides which shipping methods are allowed', () => {
    expect([...disabledShipping('ONLY_PICKUP_POINT')]).toEqual(['ADDRESS']);
    expect([...disabledShipping('ONLY_ADDRESS')]).toEqual(['PICKUP_POINT']);
    expect(disabledShipping('ADDRESS_AND_PICKUP_POINT').size).toBe(0);
    expect(allowedShipping('ADDRESS', 'ONLY_PICKUP_POINT')).toBe('PICKUP_POINT');
    expect(allowedShipping('PICKUP_POINT', 'ONLY_ADDRESS')).toBe('ADDRESS');
    expect(allowedShipping('PERSONAL_PICKUP', 'ONLY_ADDRESS')).toBe('PERSONAL_PICKUP');
    expect(deliveryFields('PERSONAL_PICKUP')).toEqual({ address: false, pickupPoint: false, carrier: false });
    expect(deliveryFields('PICKUP_POINT')).toEqual({ address: true, pickupPoint: true, carrier: true });
  });

  it('the order own carrier method stays choosable', () => {
    const list: Carrier[] = [
      { id: 'own', name: 'Własny', methods: [{ id: 1, name: 'Paczka', subName: '', sendType: 'ONLY_ADDRESS' }] },
    ];
    expect(carrierChoices(list, ORDER.carrierMethod).map((c) => c.id)).toEqual(['old', 'own']);
    expect(
      carrierChoices(list, { ...ORDER.carrierMethod!, carrier: { id: 'own', name: 'Własny' } })[0]?.methods.map(
        (m) => m.id,
      ),
    ).toEqual([9, 1]);
    expect(carrierChoices(list, null)).toEqual(list);
  });

  it('the pickup point check answers its own messages before asking', () => {
    expect(pickupCheckProblem(' ', '3')).toBe('Brak wpisanego punktu odbioru');
    expect(pickupCheckProblem('WAW01', '')).toBe(
      'Nie wybrano przewoźnika w celu sprawdzenia poprawności punktu odbioru',
    );
    expect(pickupCheckProblem('WAW01', '3')).toBeUndefined();
  });
});

describe('form validation (§5 Order edit)', () => {
  const errors = (v: OrderFormValues) => {
    const r = orderFormSchema().safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
  };

  it('requires status, income source, currency, delivery VAT; checks amounts, sizes, weight, lines', () => {
    const v = orderFormDefaults(ORDER, DEFAULTS);
    expect(errors(v)).toEqual([]);
    expect(
      errors({
        ...v,
        orderStatusId: '',
        incomeSourceId: '',
        currency: '',
        deliveryVat: '',
        deliveryCost: '-1',
        sizeA: '1.5',
        weight: '',
        items: [{ code: 'A', name: '', quantity: '0', price: '1.234', vat: '', itemId: null }, newLine('')],
      }),
    ).toEqual([
      'orderStatusId',
      'incomeSourceId',
      'currency',
      'deliveryCost',
      'deliveryVat',
      'sizeA',
      'weight',
      'items.0.price',
      'items.0.quantity',
      'items.0.vat',
    ]);
  });

  it('a carrier without a method is refused unless the order is picked up in person', () => {
    const v = { ...orderFormDefaults(ORDER, DEFAULTS), carrierId: 'own', carrierMethodId: '' };
    expect(errors(v)).toEqual(['carrierMethodId']);
    expect(errors({ ...v, shippingMethod: 'PERSONAL_PICKUP' })).toEqual([]);
  });

  it('server fields map to the form, lines through the kept rows', () => {
    expect(formFieldOf('clientData.email', [])).toBe('client.email');
    expect(formFieldOf('items.1.price', [0, 3])).toBe('items.3.price');
    expect(formFieldOf('invoice.countryCode', [])).toBe('invoice.countryCode');
    expect(formFieldOf('orderStatusId', [])).toBe('orderStatusId');
    expect(formFieldOf('uuid', [])).toBeUndefined();
  });
});
