import type { OrderReaderPanel, OrderScanAnswer } from '@zaplecze/contract';
import { describe, expect, it } from 'vitest';
import type { ReaderBolAction, ReaderInvoiceAction } from '@web/data/local-settings';
import { LOG_MAX } from '@web/ui/reader/scan-log';
import {
  actionErrorText,
  bolRowText,
  documentRowText,
  planClientAction,
  receiptRowText,
  resetsAfter,
} from './client-actions';
import { orderReaderMessages } from './messages.pl';
import {
  addActionRow,
  allPacked,
  applyAnswer,
  applyFailure,
  clearOrder,
  initialOrderReaderState,
  setPanel,
} from './order-log';

const reader = (bolAction: ReaderBolAction, invoiceAction: ReaderInvoiceAction = 'NONE') => ({
  bolAction,
  invoiceAction,
});

describe('client actions per reader settings', () => {
  it('waybills: NONE nothing, ONLY_SEND without printing, PRINT the dialog, PDF a download', () => {
    const plan = (bol: ReaderBolAction) => planClientAction('SEND_PARCEL', 7, reader(bol), undefined);
    expect(plan('NONE')).toEqual({ kind: 'none' });
    expect(plan('ONLY_SEND')).toEqual({
      kind: 'bol',
      action: 'SEND_PARCEL',
      orderId: 7,
      noPrint: true,
      format: 'A6',
      oversize: 'RESIZE',
      output: 'none',
    });
    expect(plan('PRINT')).toMatchObject({ kind: 'bol', noPrint: false, output: 'print' });
    expect(plan('PDF')).toMatchObject({ kind: 'bol', noPrint: false, output: 'download' });
  });

  it('a reprint of a waybill sent earlier goes the same way, with the saved print format', () => {
    const print = { labelFormat: 'A6', bolFormat: 'A4', bolOversize: 'PRINT_A4' } as const;
    expect(planClientAction('PRINT_BOL', 3, reader('PDF'), print)).toEqual({
      kind: 'bol',
      action: 'PRINT_BOL',
      orderId: 3,
      noPrint: false,
      format: 'A4',
      oversize: 'PRINT_A4',
      output: 'download',
    });
  });

  it('documents: NONE, ONLY_NUMBER and EMAIL without printing, PRINT and PDF', () => {
    const plan = (inv: ReaderInvoiceAction) => planClientAction('PRINT_DOCUMENT', 9, reader('NONE', inv), undefined);
    expect(plan('NONE')).toEqual({ kind: 'none' });
    expect(plan('ONLY_NUMBER')).toEqual({ kind: 'document', orderId: 9, noPrint: true, email: false, output: 'none' });
    expect(plan('EMAIL')).toEqual({ kind: 'document', orderId: 9, noPrint: true, email: true, output: 'none' });
    expect(plan('PRINT')).toEqual({ kind: 'document', orderId: 9, noPrint: false, email: false, output: 'print' });
    expect(plan('PDF')).toEqual({ kind: 'document', orderId: 9, noPrint: false, email: false, output: 'download' });
  });

  it("a stationary order's document is its receipt when receipts are issued: every setting but NONE issues it", () => {
    const plan = (inv: ReaderInvoiceAction, receipt: boolean) =>
      planClientAction('PRINT_DOCUMENT', 9, reader('PDF', inv), undefined, receipt);
    expect(plan('NONE', true)).toEqual({ kind: 'none' });
    for (const inv of ['ONLY_NUMBER', 'EMAIL', 'PRINT', 'PDF'] as const)
      expect(plan(inv, true)).toEqual({ kind: 'receipt', orderId: 9 });
    // Otherwise the invoice as before; the waybill code never takes the receipt's way.
    expect(plan('PRINT', false)).toMatchObject({ kind: 'document', output: 'print' });
    expect(planClientAction('SEND_PARCEL', 9, reader('PDF', 'PRINT'), undefined, true)).toMatchObject({
      kind: 'bol',
    });
    expect(planClientAction('PRINT_DOCUMENT', 9, undefined, undefined, true)).toEqual({ kind: 'noSettings' });
    // No reset after a receipt: the waybill usually follows (it is a document, not a dispatch).
    expect(resetsAfter(plan('PRINT', true), true, true)).toBe(false);
  });

  it('without reader settings an action is the warning; NONE, CLEAR and no order never need them', () => {
    for (const a of ['SEND_PARCEL', 'PRINT_BOL', 'PRINT_DOCUMENT'] as const)
      expect(planClientAction(a, 1, undefined, undefined)).toEqual({ kind: 'noSettings' });
    expect(planClientAction('NONE', 1, undefined, undefined)).toEqual({ kind: 'none' });
    expect(planClientAction('CLEAR', null, undefined, undefined)).toEqual({ kind: 'none' });
    expect(planClientAction('SEND_PARCEL', null, reader('PDF'), undefined)).toEqual({ kind: 'none' });
  });
});

describe('auto-reset after dispatch', () => {
  const send = planClientAction('SEND_PARCEL', 1, reader('ONLY_SEND'), undefined);
  const reprint = planClientAction('PRINT_BOL', 1, reader('PRINT'), undefined);
  const doc = planClientAction('PRINT_DOCUMENT', 1, reader('NONE', 'PDF'), undefined);
  it('clears after a waybill action that went through, when the option is on', () => {
    expect(resetsAfter(send, true, true)).toBe(true);
    expect(resetsAfter(reprint, true, true)).toBe(true);
    expect(resetsAfter(send, true, false)).toBe(false);
  });
  it('keeps the order after a failure, a document print, or settings that did nothing', () => {
    expect(resetsAfter(send, false, true)).toBe(false);
    expect(resetsAfter(doc, true, true)).toBe(false);
    expect(resetsAfter({ kind: 'none' }, true, true)).toBe(false);
    expect(resetsAfter({ kind: 'noSettings' }, true, true)).toBe(false);
  });
});

describe('rows of the client actions', () => {
  const t = orderReaderMessages.actions;
  it('names a new dispatch and one sent earlier with the waybill number', () => {
    expect(bolRowText(t, { pdf: null, billOfLading: 'WB123', sent: 'NEW', additionalInfo: '' })).toBe(
      'Nadano paczkę: WB123',
    );
    expect(bolRowText(t, { pdf: null, billOfLading: 'WB123', sent: 'EARLIER', additionalInfo: 'x' })).toBe(
      'Przesyłka nadana wcześniej: WB123',
    );
    expect(documentRowText(t, { pdf: null, invoiceNumber: 'FV 1/11/2026', mailQueued: false })).toBe(
      'Dokument: FV 1/11/2026',
    );
  });
  it('errors say what failed: the dispatch, the waybill print or the document', () => {
    const send = planClientAction('SEND_PARCEL', 1, reader('PRINT'), undefined);
    const reprint = planClientAction('PRINT_BOL', 1, reader('PRINT'), undefined);
    const doc = planClientAction('PRINT_DOCUMENT', 1, reader('NONE', 'PRINT'), undefined);
    expect(actionErrorText(t, send, 'brak')).toBe('Błąd nadawania przesyłki: brak');
    expect(actionErrorText(t, reprint, 'brak')).toBe('Błąd druku listu przewozowego: brak');
    expect(actionErrorText(t, doc, 'brak')).toBe('Błąd druku dokumentu: brak');
    const receipt = planClientAction('PRINT_DOCUMENT', 1, reader('NONE', 'PRINT'), undefined, true);
    expect(actionErrorText(t, receipt, 'Paragon wystawia się do zamówień stacjonarnych.')).toBe(
      'Błąd wystawienia paragonu: Paragon wystawia się do zamówień stacjonarnych.',
    );
  });
  it('a receipt row: printed on the fiscal printer, or issued with the reason it is not printed yet', () => {
    const r = orderReaderMessages.receipt;
    const a = {
      receiptId: 1,
      receiptNumber: 'PAR 3/11/2026',
      orderId: 5,
      created: true,
      printed: true,
      printMessage: null,
    };
    expect(receiptRowText(r, a)).toBe('Paragon PAR 3/11/2026 wystawiony i wydrukowany na drukarce fiskalnej.');
    expect(receiptRowText(r, { ...a, printed: false, printMessage: 'Paragon czeka na drukarkę fiskalną.' })).toBe(
      'Paragon PAR 3/11/2026 wystawiony; Paragon czeka na drukarkę fiskalną.',
    );
    expect(receiptRowText(r, { ...a, printed: false })).toBe(
      'Paragon PAR 3/11/2026 wystawiony (bez drukarki fiskalnej w Zapleczu: nie został wydrukowany).',
    );
    expect(receiptRowText(r, { ...a, created: false })).toBe(
      'Paragon PAR 3/11/2026 wystawiony wcześniej i wydrukowany na drukarce fiskalnej.',
    );
    expect(receiptRowText(r, { ...a, created: false, printed: false })).toBe(
      'Paragon PAR 3/11/2026 wystawiony wcześniej.',
    );
  });
});

const panel = (p: Partial<OrderReaderPanel> = {}): OrderReaderPanel => ({
  id: 12,
  orderStatus: { id: 1, name: 'Nowe', color: 'ffffff' },
  stationary: false,
  sizeA: 0,
  sizeB: 0,
  sizeC: 0,
  weight: 0,
  nextSide: 'A',
  carrier: '',
  billOfLading: null,
  cashOnDelivery: false,
  sumGross: 10,
  currency: 'PLN',
  lines: [{ lineId: 1, code: 'KUBEK', name: 'Kubek', quantity: 2, packed: 0 }],
  packingStarted: false,
  ...p,
});

const answer = (a: Partial<OrderScanAnswer> = {}): OrderScanAnswer => ({
  date: '2026-11-24T10:00:00.000Z',
  orderId: 12,
  actionType: 'ORDER',
  actionBarcode: 'ORDER:12',
  actionDesc: 'Wybrano zamówienie 12.',
  clientAction: 'NONE',
  isError: false,
  panel: panel(),
  ...a,
});

describe('order reader log', () => {
  it('an answer selects its order and panel; the newest row is first with the order as its context', () => {
    let s = applyAnswer(initialOrderReaderState, answer());
    s = applyAnswer(s, answer({ actionType: 'WEIGHT', actionBarcode: 'WEIGHT:1500', panel: panel({ weight: 1.5 }) }));
    expect(s.orderId).toBe(12);
    expect(s.panel?.weight).toBe(1.5);
    expect(s.log.map((r) => [r.barcode, r.context])).toEqual([
      ['WEIGHT:1500', '12'],
      ['ORDER:12', '12'],
    ]);
    expect(s.errors).toBe(0);
  });

  it('an error row is red, counts for the signal, and takes the answer’s order', () => {
    let s = applyAnswer(initialOrderReaderState, answer());
    s = applyAnswer(s, answer({ isError: true, actionType: 'ITEM', actionBarcode: 'OBCY', actionDesc: 'Nie ma' }));
    expect(s.orderId).toBe(12);
    expect(s.log[0]).toMatchObject({ isError: true, barcode: 'OBCY' });
    expect(s.errors).toBe(1);
    s = applyAnswer(s, answer({ isError: true, orderId: null, panel: null, actionType: 'UNKNOWN' }));
    expect([s.orderId, s.panel, s.errors]).toEqual([null, null, 2]);
  });

  it('CLEAR forgets the order and keeps the log', () => {
    let s = applyAnswer(initialOrderReaderState, answer());
    s = applyAnswer(s, answer({ clientAction: 'CLEAR', actionType: 'RESET', orderId: null, panel: null }));
    expect([s.orderId, s.panel]).toEqual([null, null]);
    expect(s.log).toHaveLength(2);
  });

  it('an HTTP failure is a red row that keeps the order', () => {
    let s = applyAnswer(initialOrderReaderState, answer());
    s = applyFailure(s, 'CMD:SEND', 'Brak uprawnień', new Date('2026-11-24T10:00:01Z'));
    expect(s.orderId).toBe(12);
    expect(s.panel).not.toBeNull();
    expect(s.log[0]).toMatchObject({ isError: true, context: '12', actionDesc: 'Brak uprawnień' });
  });

  it('client rows land on the current order; a clear names the order it forgot', () => {
    let s = applyAnswer(initialOrderReaderState, answer());
    s = addActionRow(s, 'CMD:SEND', 'Nadano paczkę: WB1', false, new Date());
    s = clearOrder(s, 'CMD:SEND', 'reset', new Date());
    expect([s.orderId, s.panel]).toEqual([null, null]);
    expect(s.log.map((r) => [r.actionDesc, r.context])).toEqual([
      ['reset', '12'],
      ['Nadano paczkę: WB1', '12'],
      ['Wybrano zamówienie 12.', '12'],
    ]);
  });

  it('a refreshed panel replaces the shown one only while its order is selected', () => {
    const s = applyAnswer(initialOrderReaderState, answer());
    expect(setPanel(s, panel({ billOfLading: 'WB1' })).panel?.billOfLading).toBe('WB1');
    expect(setPanel(s, panel({ id: 99 })).panel?.id).toBe(12);
  });

  it(`keeps at most ${LOG_MAX} rows`, () => {
    let s = initialOrderReaderState;
    for (let i = 0; i < LOG_MAX + 3; i++) s = applyAnswer(s, answer({ actionBarcode: `C${i}` }));
    expect(s.log).toHaveLength(LOG_MAX);
    expect(s.log[0]?.barcode).toBe(`C${LOG_MAX + 2}`);
  });

  it('all packed only when every line is and there are lines', () => {
    expect(allPacked(panel())).toBe(false);
    expect(allPacked(panel({ lines: [{ lineId: 1, code: 'K', name: 'K', quantity: 2, packed: 2 }] }))).toBe(true);
    expect(allPacked(panel({ lines: [] }))).toBe(false);
  });
});
