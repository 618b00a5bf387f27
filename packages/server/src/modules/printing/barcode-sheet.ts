import { A4, createPdf } from '../../platform/pdf/document';
import { CODE128_QUIET_MODULES, code128Modules, drawCode128, moduleCount } from '../../platform/pdf/code128';
import { PRINT_TEXT } from './captions.pl';

/** One cell of a sheet: the text the code carries and the Polish caption printed under it. */
export interface SheetLabel {
  text: string;
  caption: string;
}

/** Grid of an A4 sheet: 3 x 8 labels, 24 per page. Lengths in PDF points. */
export const SHEET = {
  columns: 3,
  rows: 8,
  marginX: 24,
  top: 36,
  bottom: 24,
  barHeight: 40,
  /** Widest module: 0.96 pt = 0.34 mm, 8 dots at 600 dpi and 4 at 300 dpi. */
  maxModule: 0.96,
  /** Modules are whole printer dots at 600 dpi (1 dot = 0.12 pt), the usual office laser. */
  dot: 0.12,
  codeTextSize: 7,
  captionSize: 9,
  captionLines: 2,
} as const;
export const LABELS_PER_PAGE = SHEET.columns * SHEET.rows;

const cellWidth = (A4.width - 2 * SHEET.marginX) / SHEET.columns;
const cellHeight = (A4.height - SHEET.top - SHEET.bottom) / SHEET.rows;
const textWidth = cellWidth - 12;

/**
 * Module width for a symbol of `modules` modules in one cell, quiet zones included: the widest
 * whole number of printer dots that fits, up to maxModule; a symbol too long for that is squeezed
 * to fit exactly rather than overflow into its neighbour's quiet zone.
 */
export function moduleWidthFor(modules: number): number {
  const fit = (cellWidth - 4) / (modules + 2 * CODE128_QUIET_MODULES);
  const snapped = Math.floor(fit / SHEET.dot) * SHEET.dot;
  return Math.min(SHEET.maxModule, snapped >= MIN_SNAPPED ? snapped : fit);
}

/** Below this (0.17 mm) snapping would cost too much width; the exact fit is used instead. */
const MIN_SNAPPED = 0.48;

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * An A4 PDF of labelled Code 128 codes in a grid, in the given order. Bars are vector rectangles
 * and the text uses the embedded DejaVu fonts. The event loop gets a turn after every row of labels
 * (measured: a page is 10-25 ms of one core, a row about 6 ms), so a long sheet does not stall other
 * requests of the same process.
 */
export async function renderBarcodeSheet(title: string, labels: readonly SheetLabel[]): Promise<Buffer> {
  const { doc, finish } = createPdf(title);
  const pages = Math.max(1, Math.ceil(labels.length / LABELS_PER_PAGE));
  for (let page = 0; page < pages; page++) {
    doc.addPage({ size: 'A4', margin: 0 });
    drawHeader(doc, title, page + 1, pages);
    const first = page * LABELS_PER_PAGE;
    const onPage = labels.slice(first, first + LABELS_PER_PAGE);
    for (let i = 0; i < onPage.length; i++) {
      const col = i % SHEET.columns;
      const row = Math.floor(i / SHEET.columns);
      drawLabel(doc, onPage[i]!, SHEET.marginX + col * cellWidth, SHEET.top + row * cellHeight);
      if (col === SHEET.columns - 1 || i === onPage.length - 1) await nextTick();
    }
  }
  return finish();
}

function drawHeader(doc: PDFKit.PDFDocument, title: string, page: number, pages: number): void {
  const width = A4.width - 2 * SHEET.marginX;
  doc.font('regular').fontSize(8).fillColor('#555555');
  doc.text(title, SHEET.marginX, 14, { width: width - 80, height: 10, ellipsis: true, lineBreak: false });
  doc.text(PRINT_TEXT.page(page, pages), SHEET.marginX, 14, { width, align: 'right', lineBreak: false });
}

function drawLabel(doc: PDFKit.PDFDocument, label: SheetLabel, x: number, y: number): void {
  const sbs = code128Modules(label.text);
  const modules = moduleCount(sbs);
  const module = moduleWidthFor(modules);
  const barsX = x + (cellWidth - modules * module) / 2;
  const barsY = y + 8;
  drawCode128(doc, sbs, barsX, barsY, module, SHEET.barHeight);

  const textX = x + (cellWidth - textWidth) / 2;
  let ty = barsY + SHEET.barHeight + 3;
  doc.font('regular').fontSize(SHEET.codeTextSize).fillColor('#333333');
  doc.text(label.text, textX, ty, {
    width: textWidth,
    align: 'center',
    height: SHEET.codeTextSize + 2,
    ellipsis: true,
  });
  ty += SHEET.codeTextSize + 4;
  doc.font('bold').fontSize(SHEET.captionSize).fillColor('black');
  doc.text(label.caption, textX, ty, {
    width: textWidth,
    align: 'center',
    height: SHEET.captionLines * (SHEET.captionSize + 2.5),
    ellipsis: true,
  });
}
