import { DOCUMENT_FILE_NAMES, ORDER_PRINT_KINDS, ORDER_PRINT_MANY_MAX } from '@zaplecze/contract';
import { describe, expect, it } from 'vitest';
import { reportText } from '@web/ui/report';
import {
  addPrintResult,
  bolOptions,
  chunkFileName,
  DOCUMENT_FILE,
  emptyPrintResult,
  invoiceRun,
  labelOptions,
  needsPrintSettings,
  needsReport,
  offersReceipt,
  printableParts,
  printChunks,
  printReport,
  receiptInLog,
  receiptNotice,
} from './documents';
import { ordersMessages as pl } from './messages.pl';

const titles = {
  errors: pl.documents.reportErrors,
  notFound: pl.documents.reportNotFound,
  skipped: pl.documents.reportSkipped,
  receiptOrders: pl.documents.reportReceiptOrders,
  ok: pl.documents.reportOk,
  error: pl.documents.reportError,
};

describe('order documents', () => {
  it('needs the print settings for printed or downloaded labels and waybills only', () => {
    expect(needsPrintSettings('label', 'print')).toBe(true);
    expect(needsPrintSettings('label', 'download')).toBe(true);
    expect(needsPrintSettings('bol', 'print')).toBe(true);
    expect(needsPrintSettings('bol', 'download')).toBe(true);
    expect(needsPrintSettings('bol', 'none')).toBe(false);
    for (const output of ['print', 'download', 'none', 'email'] as const)
      expect(needsPrintSettings('invoice', output)).toBe(false);
  });

  it('takes the formats from the print settings', () => {
    const settings = { labelFormat: 'A4', bolFormat: 'A4', bolOversize: 'PRINT_A4' } as const;
    expect(bolOptions(settings)).toEqual({ format: 'A4', oversize: 'PRINT_A4' });
    expect(labelOptions(settings)).toEqual({ format: 'A4' });
    expect(bolOptions(undefined)).toEqual({ format: 'A6', oversize: 'RESIZE' });
    expect(labelOptions({ ...settings, labelFormat: 'A6' })).toEqual({ format: 'A6' });
  });

  it('uses the file names of §9 and numbers the parts of a chunked print', () => {
    expect(DOCUMENT_FILE).toEqual({ bol: 'orders_bol.pdf', label: 'orders_labels.pdf', invoice: 'invoices.pdf' });
    expect(DOCUMENT_FILE_NAMES.report).toBe('order_print.txt');
    expect(chunkFileName('orders_bol.pdf', 1, 1)).toBe('orders_bol.pdf');
    expect(chunkFileName('orders_bol.pdf', 2, 3)).toBe('orders_bol-2.pdf');
    expect(chunkFileName('invoices', 1, 2)).toBe('invoices-1');
  });

  it('splits a selection into calls of at most ORDER_PRINT_MANY_MAX ids, in order', () => {
    const ids = Array.from({ length: ORDER_PRINT_MANY_MAX * 2 + 1 }, (_, i) => i + 1);
    const chunks = printChunks(ids);
    expect(chunks.map((c) => c.length)).toEqual([ORDER_PRINT_MANY_MAX, ORDER_PRINT_MANY_MAX, 1]);
    expect(chunks.flat()).toEqual(ids);
    expect(printChunks([])).toEqual([]);
    expect(printChunks([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
  });

  it('merges the chunks: one PDF per chunk, results in order, skipped only from invoices', () => {
    let r = emptyPrintResult();
    r = addPrintResult(r, [1, 2, 3], {
      pdf: 'AAA',
      ok: [1, 3],
      err: [{ id: 2, reason: 'Brak przewoźnika' }],
      notFound: [],
    });
    r = addPrintResult(r, [4, 5], { pdf: null, ok: [], err: [], notFound: [4], skipped: [5] });
    expect(r).toEqual({
      parts: [
        { ids: [1, 2, 3], pdf: 'AAA' },
        { ids: [4, 5], pdf: null },
      ],
      ok: [1, 3],
      err: [{ id: 2, reason: 'Brak przewoźnika' }],
      notFound: [4],
      skipped: [5],
      receiptOrders: [],
    });
    expect(printableParts(r)).toEqual([{ ids: [1, 2, 3], pdf: 'AAA' }]);
    expect(needsReport(r)).toBe(true);
    expect(needsReport(addPrintResult(emptyPrintResult(), [1], { pdf: 'A', ok: [1], err: [], notFound: [] }))).toBe(
      false,
    );
  });

  it('writes the order_print.txt report: errors with reasons, not found, skipped, ok', () => {
    const r = {
      parts: [],
      ok: [1, 3],
      err: [{ id: 2, reason: 'Brak przewoźnika' }],
      notFound: [4],
      skipped: [5],
      receiptOrders: [],
    };
    expect(reportText(printReport(r, titles))).toBe(
      [
        `# ${titles.errors}`,
        '2: Brak przewoźnika',
        '',
        `# ${titles.notFound}`,
        '4',
        '',
        `# ${titles.skipped}`,
        '5',
        '',
        `# ${titles.ok}`,
        '1',
        '3',
      ].join('\n'),
    );
    expect(reportText(printReport({ ...r, err: [], notFound: [], ok: [] }, titles))).toBe(`# ${titles.skipped}\n5`);
    // Stationary orders a mass invoice run left for their receipts: their own section, before ok.
    const withReceipts = { ...r, err: [], notFound: [], skipped: [], receiptOrders: [6, 8] };
    expect(needsReport(withReceipts)).toBe(true);
    expect(reportText(printReport(withReceipts, titles))).toBe(
      [`# ${titles.receiptOrders}`, '6', '8', '', `# ${titles.ok}`, '1', '3'].join('\n'),
    );
  });

  it('has a Polish label for every print log kind and the §5 warnings', () => {
    expect(Object.keys(pl.documents.kinds).sort()).toEqual([...ORDER_PRINT_KINDS].sort());
    expect(pl.documents.noPrintSettings).toBe('Brak ustawień wydruków! Zmień je w Ustawienia->Drukowanie');
    expect(pl.documents.noInvoiceData).toBe('Brak danych do wydruku faktury');
  });

  it('a stationary order takes a receipt while it has no invoice, only when receipts are issued', () => {
    const shop = { stationary: true, invoiceNumber: null };
    expect(offersReceipt(shop, true)).toBe(true);
    expect(offersReceipt(shop, false)).toBe(false);
    expect(offersReceipt({ ...shop, stationary: false }, true)).toBe(false);
    expect(offersReceipt({ ...shop, invoiceNumber: 'FV 2/11/2026' }, true)).toBe(false);
  });

  it('finds the receipt in the print log', () => {
    const entry = (kind: 'INVOICE' | 'RECEIPT_ISSUE' | 'RECEIPT', detail: string) => ({
      date: '2026-11-24T10:00:00.000Z',
      user: 'kasa',
      kind,
      format: null,
      detail,
    });
    expect(receiptInLog([])).toBeNull();
    expect(receiptInLog([entry('INVOICE', 'FV 1/11/2026')])).toBeNull();
    expect(receiptInLog([entry('RECEIPT', 'PAR 3/11/2026 wydrukowano'), entry('RECEIPT_ISSUE', 'PAR 3/11/2026')])).toBe(
      'PAR 3/11/2026',
    );
  });

  it('a mass invoice run leaves out the orders whose document is a receipt, in list order', () => {
    const rows = [
      { id: 1, stationary: false, invoiceNumber: null },
      { id: 2, stationary: true, invoiceNumber: null },
      { id: 3, stationary: true, invoiceNumber: 'FV 1/11/2026' },
      { id: 4, stationary: true, invoiceNumber: null },
    ];
    expect(invoiceRun([4, 3, 2, 1], rows, true)).toEqual({ send: [3, 1], receiptOrders: [4, 2] });
    expect(invoiceRun([4, 3, 2, 1], rows, false)).toEqual({ send: [4, 3, 2, 1], receiptOrders: [] });
    // An id without its row (not expected: the selection is of the page's rows) goes to the server.
    expect(invoiceRun([9], rows, true)).toEqual({ send: [9], receiptOrders: [] });
  });

  it('tells a receipt: printed, waiting for the printer (a warning with its message), or no printer', () => {
    const t = pl.documents.receipt;
    const a = { created: true, printed: true, printMessage: null };
    expect(receiptNotice(a, t)).toEqual({ level: 'success', text: t.printed });
    expect(receiptNotice({ ...a, printed: false, printMessage: 'Czeka' }, t)).toEqual({
      level: 'warning',
      text: t.notPrinted,
    });
    expect(receiptNotice({ ...a, printed: false }, t)).toEqual({ level: 'success', text: t.noPrinter });
    const earlier = { ...a, created: false };
    expect(receiptNotice(earlier, t)).toEqual({ level: 'success', text: t.earlierPrinted });
    expect(receiptNotice({ ...earlier, printed: false, printMessage: 'Czeka' }, t).level).toBe('warning');
    expect(receiptNotice({ ...earlier, printed: false }, t).text).toBe(t.earlier);
  });
});
