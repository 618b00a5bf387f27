import { describe, expect, it } from 'vitest';
import { encodeReaderCode, ID_CODE_PREFIXES, READER_ITEM_CODE_MAX, type IdCodeKind } from '@zaplecze/contract';
import { A4 } from '../../platform/pdf/document';
import { CODE128_QUIET_MODULES, code128Modules, moduleCount } from '../../platform/pdf/code128';
import { fontData } from '../../platform/pdf/fonts';
import { LABELS_PER_PAGE, moduleWidthFor, renderBarcodeSheet, SHEET } from './barcode-sheet';

const cellWidth = (A4.width - 2 * SHEET.marginX) / SHEET.columns;
const modulesOf = (text: string) => moduleCount(code128Modules(text));

/** Pages of a pdfkit document: every page object says /Type /Page. */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

describe('moduleWidthFor', () => {
  const longestIdCodes = (Object.keys(ID_CODE_PREFIXES) as IdCodeKind[]).map((kind) =>
    encodeReaderCode({ kind, id: 2_147_483_647 }),
  );

  it('gives every id code of the largest id whole 600 dpi dots of at least 0.6 pt, quiet zones inside the cell', () => {
    for (const text of longestIdCodes) {
      const modules = modulesOf(text);
      const x = moduleWidthFor(modules);
      expect(x).toBeGreaterThanOrEqual(0.6);
      expect(x).toBeLessThanOrEqual(SHEET.maxModule);
      expect(Math.abs(x / SHEET.dot - Math.round(x / SHEET.dot))).toBeLessThan(1e-9);
      expect((modules + 2 * CODE128_QUIET_MODULES) * x).toBeLessThanOrEqual(cellWidth);
    }
  });

  it('uses the widest module for short codes and squeezes the longest item code into its cell', () => {
    expect(moduleWidthFor(modulesOf('QTY+5'))).toBe(SHEET.maxModule);
    const longest = modulesOf('X'.repeat(READER_ITEM_CODE_MAX));
    expect((longest + 2 * CODE128_QUIET_MODULES) * moduleWidthFor(longest)).toBeLessThanOrEqual(cellWidth);
  });
});

// Drawing a sheet is CPU-bound; on a busy 2-core machine it can take seconds.
describe('renderBarcodeSheet', { timeout: 30_000 }, () => {
  it('lays out 24 labels a page', async () => {
    const labels = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ text: `SIZE:${i + 1}`, caption: `Rozmiar ${i + 1}` }));
    expect(LABELS_PER_PAGE).toBe(24);
    expect(pageCount(await renderBarcodeSheet('t', labels(1)))).toBe(1);
    expect(pageCount(await renderBarcodeSheet('t', labels(24)))).toBe(1);
    expect(pageCount(await renderBarcodeSheet('t', labels(25)))).toBe(2);
    expect(pageCount(await renderBarcodeSheet('t', labels(1000)))).toBe(42);
  });

  it('embeds the DejaVu fonts (subsets) and draws no images', async () => {
    const pdf = (await renderBarcodeSheet('Zażółć', [{ text: 'CMD:RESET', caption: 'Reset ąęłńśźż' }])).toString(
      'latin1',
    );
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold\b/);
    expect(pdf).toContain('/FontFile2');
    expect(pdf).not.toContain('/Subtype /Image');
  });

  it('gives the event loop a turn after every row of labels, not only after every page', async () => {
    const labels = Array.from({ length: 2 * LABELS_PER_PAGE }, (_, i) => ({ text: `SIZE:${i + 1}`, caption: 'x' }));
    let turns = 0;
    let watching = true;
    const watch = () => {
      turns++;
      if (watching) setImmediate(watch);
    };
    setImmediate(watch);
    await renderBarcodeSheet('Kody', labels);
    watching = false;
    // Two pages of SHEET.rows rows each: other work ran between the rows.
    expect(turns).toBeGreaterThanOrEqual(2 * SHEET.rows);
  });

  it('reads each font file once per process', () => {
    expect(fontData('regular')).toBe(fontData('regular'));
    expect(fontData('bold')).toBe(fontData('bold'));
  });
});
