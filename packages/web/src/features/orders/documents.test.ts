import { DOCUMENT_FILE_NAMES, ORDER_PRINT_MANY_MAX } from '@zaplecze/contract';
import { describe, expect, it } from 'vitest';
import { reportText } from '@web/ui/report';
import {
  addPrintResult,
  bolOptions,
  chunkFileName,
  DOCUMENT_FILE,
  emptyPrintResult,
  labelOptions,
  needsPrintSettings,
  needsReport,
  printableParts,
  printChunks,
  printReport,
} from './documents';
import { ordersMessages as pl } from './messages.pl';

const titles = {
  errors: pl.documents.reportErrors,
  notFound: pl.documents.reportNotFound,
  skipped: pl.documents.reportSkipped,
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
    });
    expect(printableParts(r)).toEqual([{ ids: [1, 2, 3], pdf: 'AAA' }]);
    expect(needsReport(r)).toBe(true);
    expect(needsReport(addPrintResult(emptyPrintResult(), [1], { pdf: 'A', ok: [1], err: [], notFound: [] }))).toBe(
      false,
    );
  });

  it('writes the order_print.txt report: errors with reasons, not found, skipped, ok', () => {
    const r = { parts: [], ok: [1, 3], err: [{ id: 2, reason: 'Brak przewoźnika' }], notFound: [4], skipped: [5] };
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
  });

  it('has a Polish label for every print log kind and the §5 warnings', () => {
    expect(Object.keys(pl.documents.kinds).sort()).toEqual(
      ['BOL', 'DISPATCH', 'INVOICE', 'INVOICE_EMAIL', 'INVOICE_ISSUE', 'LABEL'].sort(),
    );
    expect(pl.documents.noPrintSettings).toBe('Brak ustawień wydruków! Zmień je w Ustawienia->Drukowanie');
    expect(pl.documents.noInvoiceData).toBe('Brak danych do wydruku faktury');
  });
});
