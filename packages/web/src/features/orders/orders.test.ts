import { LIST_STORAGE_KEYS, type Order, type OrderRow } from '@zaplecze/contract';
import { describe, expect, it } from 'vitest';
import { reportText } from '@web/ui/report';
import { readUrlState, writeUrlState } from '@web/ui/url-state';
import { buyerInfoUrl, clientName, formatWeight, orderMassReport, shortWaybill } from './format';
import { ordersMessages as pl } from './messages.pl';
import { orderMenuItems, type OrderMenuActions } from './row-menu';
import {
  activeFilterCount,
  clearedForm,
  criteriaToForm,
  formToCriteria,
  orderUrlSchema,
  ordersQuery,
  readListDefaults,
  saveListDefaults,
  searchFormErrors,
  type OrderSearchForm,
} from './search';
import { sizesFormErrors, sizesFormFromOrder, sizesPatch, userSizeSides, vatChoices } from './sizes';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

const schema = orderUrlSchema({ sort: 'NUMBER', perPage: 100 });

describe('order search in the URL', () => {
  it('reads every filter of §2.13 and writes back only what differs from the defaults', () => {
    const params = new URLSearchParams(
      'number=12&city=Kraków&postCode=30-001&pickupPoint=WAW01&dateFrom=2026-03-01&dateTo=2026-03-31' +
        '&statusId=3&incomeSrcId=4&invoiceType=INV_WITH_NUM&tel=600&email=jan@&bol=PL123&sort=DATE&perPage=250&page=3',
    );
    const c = readUrlState(schema, params);
    expect(c).toMatchObject({
      number: 12,
      city: 'Kraków',
      postCode: '30-001',
      pickupPoint: 'WAW01',
      dateFrom: '2026-03-01',
      dateTo: '2026-03-31',
      statusId: 3,
      incomeSrcId: 4,
      invoiceType: 'INV_WITH_NUM',
      tel: '600',
      email: 'jan@',
      bol: 'PL123',
      sort: 'DATE',
      perPage: 250,
      page: 3,
    });
    const sorted = (p: URLSearchParams) => [...p.entries()].sort(([a], [b]) => a.localeCompare(b));
    expect(sorted(writeUrlState(schema, c))).toEqual(sorted(params));
    expect(writeUrlState(schema, readUrlState(schema, new URLSearchParams(''))).toString()).toBe('');
  });

  it('drops only the invalid fields: a number with letters, page 0, an unknown invoice type', () => {
    const c = readUrlState(schema, new URLSearchParams('number=12a&page=0&invoiceType=X&city=Gdańsk'));
    expect(c.number).toBeUndefined();
    expect(c.page).toBe(1);
    expect(c.invoiceType).toBeUndefined();
    expect(c.city).toBe('Gdańsk');
  });

  it('takes the remembered sort and page size as defaults (orders.sort, orders.perpage)', () => {
    const storage = memoryStorage();
    expect(readListDefaults(storage)).toEqual({ sort: 'NUMBER', perPage: 100 });
    saveListDefaults(storage, { sort: 'DATE', perPage: 1000 });
    expect(storage.getItem(LIST_STORAGE_KEYS.orders.sort)).toBe('DATE');
    expect(storage.getItem(LIST_STORAGE_KEYS.orders.perPage)).toBe('1000');
    const remembered = orderUrlSchema(readListDefaults(storage));
    const c = readUrlState(remembered, new URLSearchParams(''));
    expect([c.sort, c.perPage]).toEqual(['DATE', 1000]);
    // The remembered ones are not written into the URL; another choice is.
    expect(writeUrlState(remembered, c).toString()).toBe('');
    expect(writeUrlState(remembered, { ...c, sort: 'NUMBER' }).toString()).toBe('sort=NUMBER');
    storage.setItem(LIST_STORAGE_KEYS.orders.perPage, '7');
    storage.setItem(LIST_STORAGE_KEYS.orders.sort, 'CODE');
    expect(readListDefaults(storage)).toEqual({ sort: 'NUMBER', perPage: 100 });
  });

  it('a submitted form: texts trimmed, empty filters dropped, page back to 1', () => {
    const form: OrderSearchForm = {
      ...criteriaToForm(readUrlState(schema, new URLSearchParams('page=4'))),
      number: ' 25 ',
      city: '  Łódź ',
      email: '   ',
      statusId: '7',
      invoiceType: 'WITHOUT_INVOICE',
      dateFrom: '2026-01-01',
      sort: 'DATE',
      perPage: '500',
    };
    const c = formToCriteria(form, schema);
    expect(c).toMatchObject({
      number: 25,
      city: 'Łódź',
      statusId: 7,
      invoiceType: 'WITHOUT_INVOICE',
      dateFrom: '2026-01-01',
      sort: 'DATE',
      perPage: 500,
      page: 1,
    });
    expect(c.email).toBeUndefined();
    expect(ordersQuery(c)).toEqual({
      page: 1,
      perPage: 500,
      number: 25,
      dateFrom: '2026-01-01',
      city: 'Łódź',
      statusId: 7,
      invoiceType: 'WITHOUT_INVOICE',
      sort: 'DATE',
    });
    expect(activeFilterCount(c)).toBe(5);
    const cleared = clearedForm(form);
    expect(cleared.city).toBe('');
    expect(cleared.number).toBe('');
    expect([cleared.sort, cleared.perPage]).toEqual(['DATE', '500']);
  });

  it('the buyer, NIP, item code and problem fields and an ascending sort go to the query and back', () => {
    const form: OrderSearchForm = {
      ...criteriaToForm(readUrlState(schema, new URLSearchParams(''))),
      buyer: ' Kowal ',
      nip: '526-025',
      itemCode: 'KUB-1',
      hasProblem: 'YES',
      sort: 'DATE_A',
    };
    const c = formToCriteria(form, schema);
    expect(ordersQuery(c)).toMatchObject({ buyer: 'Kowal', nip: '526-025', itemCode: 'KUB-1', hasProblem: 'YES' });
    expect(c.sort).toBe('DATE_A');
    expect(activeFilterCount(c)).toBe(4);
    expect(criteriaToForm(c)).toEqual({ ...form, buyer: 'Kowal' });
    expect(clearedForm(form)).toMatchObject({ buyer: '', nip: '', itemCode: '', hasProblem: '', sort: 'DATE_A' });
  });

  it('refuses a number that is not a whole number from 1 and dates in the wrong order (§5)', () => {
    const base = criteriaToForm(readUrlState(schema, new URLSearchParams('')));
    expect(searchFormErrors({ ...base, number: '0' })).toEqual({ number: 'numberInvalid' });
    expect(searchFormErrors({ ...base, number: '1.5' })).toEqual({ number: 'numberInvalid' });
    expect(searchFormErrors({ ...base, number: '12' })).toEqual({});
    expect(searchFormErrors({ ...base, dateFrom: '2026-02-02', dateTo: '2026-02-01' })).toEqual({
      dateTo: 'dateRange',
    });
    expect(searchFormErrors({ ...base, dateFrom: '2026-02-02', dateTo: '2026-02-02' })).toEqual({});
    // A decimal comma is no order number; a date field hands its text when it is no day.
    expect(searchFormErrors({ ...base, number: '12,5' })).toEqual({ number: 'numberInvalid' });
    expect(searchFormErrors({ ...base, dateFrom: '31.02.2026', dateTo: '2026-01-01' })).toEqual({
      dateFrom: 'dateInvalid',
    });
    expect(searchFormErrors({ ...base, dateTo: '1.13.2026' })).toEqual({ dateTo: 'dateInvalid' });
  });
});

describe('order list formatting', () => {
  it('shortens waybill numbers longer than 10 characters to 10 and an ellipsis', () => {
    expect(shortWaybill(null)).toBe('');
    expect(shortWaybill('')).toBe('');
    expect(shortWaybill('1234567890')).toBe('1234567890');
    expect(shortWaybill('12345678901')).toBe('1234567890…');
    expect(shortWaybill('PL0000000000123456789')).toBe('PL00000000…');
  });

  it('names the client, weighs in kg, links the buyer page with the prefix and uuid', () => {
    const row = { clientData: { nameSurname: 'Jan Kowalski', companyName: 'Kowal sp. z o.o.' } } as OrderRow;
    expect(clientName(row)).toBe('Jan Kowalski, Kowal sp. z o.o.');
    expect(clientName({ clientData: { nameSurname: ' ', companyName: '' } } as OrderRow)).toBe('');
    expect(formatWeight(1.5)).toBe('1.5');
    expect(formatWeight(0.25)).toBe('0.25');
    expect(buyerInfoUrl('firma1', 'a-b-c')).toBe('/order-buyer-info?p=firma1&uuid=a-b-c');
  });

  it('writes the mass delete report: errors with id and reason, not found ids, deleted ids', () => {
    const t = pl.select;
    const text = reportText(
      orderMassReport(
        { ok: [1, 2], err: [{ id: 3, reason: 'Zablokowane' }], notFound: [9] },
        { errors: t.reportErrors, notFound: t.reportNotFound, ok: t.reportOk, error: t.reportError },
      ),
    );
    expect(text).toBe(
      [`# ${t.reportErrors}`, '3: Zablokowane', '', `# ${t.reportNotFound}`, '9', '', `# ${t.reportOk}`, '1', '2'].join(
        '\n',
      ),
    );
    expect(
      reportText(
        orderMassReport(
          { ok: [5], err: [], notFound: [] },
          { ...t, errors: 'E', notFound: 'N', ok: 'OK', error: '{id}' },
        ),
      ),
    ).toBe('# OK\n5');
  });
});

describe('the size and weight dialog', () => {
  const order = {
    deliveryCost: 15.9,
    deliveryVat: 23,
    cashOnDelivery: true,
    sizeA: 300,
    sizeB: 200,
    sizeC: 100,
    weight: 1.25,
  } as Order;
  const labels = {
    deliveryCost: 'Koszt',
    deliveryVat: 'VAT',
    sizeA: 'A',
    sizeB: 'B',
    sizeC: 'C',
    weight: 'Waga',
    required: pl.sizes.required,
  };

  it('opens with the order (decimal commas), copies a user size, saves with dots', () => {
    const f = sizesFormFromOrder(order);
    expect(f).toEqual({
      deliveryCost: '15,90',
      deliveryVat: '23',
      cashOnDelivery: true,
      sizeA: '300',
      sizeB: '200',
      sizeC: '100',
      weight: '1,25',
    });
    const chosen = { ...f, ...userSizeSides({ sizeA: 600, sizeB: 400, sizeC: 50 }) };
    expect([chosen.sizeA, chosen.sizeB, chosen.sizeC]).toEqual(['600', '400', '50']);
    expect(sizesFormErrors(chosen, labels)).toEqual([]);
    expect(sizesPatch({ ...chosen, deliveryCost: '12,5', weight: '2,125' })).toEqual({
      deliveryCost: '12.5',
      deliveryVat: '23',
      cashOnDelivery: true,
      sizeA: 600,
      sizeB: 400,
      sizeC: 50,
      weight: '2.125',
    });
  });

  it('requires every field and checks them by the contract', () => {
    const f = sizesFormFromOrder(order);
    const errors = sizesFormErrors({ ...f, sizeB: '', weight: '1,2345', deliveryCost: '-1' }, labels);
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(/^Koszt: /);
    expect(errors[1]).toBe('Pole „B” jest wymagane.');
    expect(errors[2]).toMatch(/^Waga: /);
  });

  it('takes a decimal comma where a fraction makes sense; the sides are whole millimetres', () => {
    const f = { ...sizesFormFromOrder(order), deliveryCost: '12,5', weight: '0,25', sizeA: ' 250 ' };
    expect(sizesFormErrors(f, labels)).toEqual([]);
    expect(sizesPatch(f)).toMatchObject({ deliveryCost: '12.5', weight: '0.25', sizeA: 250 });
    // '12,5' mm is refused with the Polish message, never read as 125 (a browser number input's way).
    const errors = sizesFormErrors({ ...f, sizeA: '12,5', sizeC: '12.5' }, labels);
    expect(errors).toEqual([
      'A: Wymiar musi być liczbą całkowitą milimetrów od 0 do 100000.',
      'C: Wymiar musi być liczbą całkowitą milimetrów od 0 do 100000.',
    ]);
  });

  it('offers the configured VAT rates plus the order own one', () => {
    expect(vatChoices(['23', '8', '5'], 8)).toEqual(['23', '8', '5']);
    expect(vatChoices(['23', '8'], 7)).toEqual(['7', '23', '8']);
    expect(vatChoices(['5.5'], 5.5)).toEqual(['5.5']);
    expect(vatChoices(['23', 'zw'], 'zw')).toEqual(['23', 'zw']);
    expect(vatChoices(['23'], 'oo')).toEqual(['oo', '23']);
  });
});

describe('the row menu', () => {
  const row = {
    id: 7,
    uuid: 'u-1',
    stationary: false,
    hasInvoice: false,
    invoiceNumber: null,
    invoiceMailSent: false,
  } as OrderRow;
  const calls: string[] = [];
  const actions: OrderMenuActions = {
    canEdit: true,
    receipts: false,
    orgPrefix: 'sklep',
    preview: () => calls.push('preview'),
    copy: () => calls.push('copy'),
    divide: () => calls.push('divide'),
    status: () => calls.push('status'),
    sizes: () => calls.push('sizes'),
    comment: () => calls.push('comment'),
    buyerInfo: (url) => calls.push(url),
    document: (r, a) => calls.push(a.kind === 'receipt' ? `${r.id}:receipt` : `${r.id}:${a.kind}:${a.output}`),
  };

  it('lists the actions of §2.13 with the label and waybill ones enabled', () => {
    const items = orderMenuItems(row, actions);
    expect(items.map((i) => i.id)).toEqual([
      'preview',
      'copy',
      'divide',
      'status',
      'sizes',
      'comment',
      'label-print',
      'label-download',
      'send',
      'waybill-print',
      'waybill-download',
      'buyer',
    ]);
    expect(items.filter((x) => x.disabled)).toEqual([]);
    items.find((i) => i.id === 'buyer')?.onSelect();
    for (const id of ['label-print', 'label-download', 'send', 'waybill-print', 'waybill-download'])
      items.find((i) => i.id === id)?.onSelect();
    expect(calls.splice(0)).toEqual([
      '/order-buyer-info?p=sklep&uuid=u-1',
      '7:label:print',
      '7:label:download',
      '7:bol:none',
      '7:bol:print',
      '7:bol:download',
    ]);
  });

  it('adds the invoice actions only with an invoice, with [WYSŁANO] once e-mailed; read-only users see no changes', () => {
    const withInvoice = orderMenuItems({ ...row, hasInvoice: true, invoiceMailSent: true }, actions);
    expect(withInvoice.slice(-4).map((i) => i.id)).toEqual([
      'invoice-issue',
      'invoice-email',
      'invoice-print',
      'invoice-download',
    ]);
    expect(withInvoice.find((i) => i.id === 'invoice-email')?.label).toContain('[WYSŁANO]');
    expect(orderMenuItems({ ...row, hasInvoice: true }, actions).find((i) => i.id === 'invoice-email')?.label).toBe(
      pl.list.invoiceEmail,
    );
    for (const i of withInvoice.slice(-4)) i.onSelect();
    expect(calls.splice(0)).toEqual(['7:invoice:none', '7:invoice:email', '7:invoice:print', '7:invoice:download']);
    expect(orderMenuItems(row, { ...actions, canEdit: false }).map((i) => i.id)).toEqual(['preview', 'buyer']);
  });

  it('offers the receipt for a stationary order when receipts are issued, the invoice for the others', () => {
    const shop = { ...row, stationary: true };
    /** The entries after 'buyer': the sale's documents. */
    const tail = (r: OrderRow, receipts: boolean) => {
      const items = orderMenuItems(r, { ...actions, receipts });
      return items.slice(items.findIndex((i) => i.id === 'buyer') + 1).map((i) => i.id);
    };
    expect(tail(shop, true)).toEqual(['receipt']);
    const receipt = orderMenuItems(shop, { ...actions, receipts: true }).find((i) => i.id === 'receipt');
    expect(receipt).toMatchObject({ label: 'Paragon', divider: true });
    receipt?.onSelect();
    expect(calls.splice(0)).toEqual(['7:receipt']);
    // Without the invoicing plugin, and for an order that is not stationary: the invoice, as before.
    expect(tail(shop, false)).toEqual([]);
    expect(tail({ ...row, hasInvoice: true }, true)[0]).toBe('invoice-issue');
    // A stationary buyer with invoice data may take the invoice instead (one divider for the group).
    const both = orderMenuItems({ ...shop, hasInvoice: true }, { ...actions, receipts: true });
    expect(both.slice(-5).map((i) => [i.id, Boolean(i.divider)])).toEqual([
      ['receipt', true],
      ['invoice-issue', false],
      ['invoice-email', false],
      ['invoice-print', false],
      ['invoice-download', false],
    ]);
    // Once an invoice is issued it is the sale's document: no receipt, its reprints stay.
    expect(tail({ ...shop, hasInvoice: true, invoiceNumber: 'FV 1/11/2026' }, true)).toEqual([
      'invoice-issue',
      'invoice-email',
      'invoice-print',
      'invoice-download',
    ]);
    // Read-only users issue nothing.
    expect(orderMenuItems(shop, { ...actions, receipts: true, canEdit: false }).map((i) => i.id)).toEqual([
      'preview',
      'buyer',
    ]);
  });
});
