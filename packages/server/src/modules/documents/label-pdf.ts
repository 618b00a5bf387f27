import type { BolOversize, DocumentFormat } from '@zaplecze/contract';
import { degrees, PDFDocument, type PDFEmbeddedPage } from 'pdf-lib';
import { CODE128_QUIET_MODULES, code128Modules, drawCode128, moduleCount } from '../../platform/pdf/code128';
import { A4, createPdf } from '../../platform/pdf/document';
import type { WaybillLabel } from '../carriers';
import { LABEL_TEXT } from './waybills.messages.pl';

/** A6 in PDF points: a quarter of A4 (105 × 148.5 mm), so four fill an A4 page exactly. */
export const A6 = { width: A4.width / 2, height: A4.height / 2 } as const;
const M = 14;
const INNER = A6.width - 2 * M;
/** Printer dot at 600 dpi; bar modules are whole dots (printing/barcode-sheet.ts does the same). */
const DOT = 0.12;

/** The temporary label's content (docs/rules/catalogue-and-orders-rules.md §2.13: order code, receiver, lines). */
export interface TemporaryLabel {
  orderId: number;
  /** The reader code the barcode carries (contract encodeReaderCode, kind order). */
  code: string;
  date: string;
  receiver: string[];
  receiverContact: string;
  pickupPoint: string;
  /** e.g. 'Przewoźnik własny – Kurier' or 'Odbiór osobisty'. */
  shipping: string;
  lines: { quantity: number; code: string; name: string }[];
}

/** One A6 label of a print: drawn by the core, or a carrier's own PDF (any page size). */
export type LabelCell =
  | { kind: 'waybill'; label: WaybillLabel }
  | { kind: 'temporary'; label: TemporaryLabel }
  | { kind: 'pdf'; pdf: Uint8Array };

type Doc = PDFKit.PDFDocument;

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One PDF of the labels in the given order: A6 pages, or (format A4) four A6 labels per A4 page.
 * Labels the core draws are vectors (Code 128 as rectangles, embedded DejaVu text). A carrier's PDF
 * page larger than A6 is shrunk to A6 (`RESIZE`) or put on its own A4 page (`PRINT_A4`); a
 * landscape page is turned to fit the portrait label.
 */
export async function renderLabels(
  title: string,
  cells: readonly LabelCell[],
  format: DocumentFormat,
  oversize: BolOversize = 'RESIZE',
): Promise<Buffer> {
  if (cells.every((c) => c.kind !== 'pdf')) return drawCells(title, cells, format);
  return assemble(title, cells, format, oversize);
}

/** The core's labels only: drawn straight onto A6 pages or A4 quarters. */
async function drawCells(title: string, cells: readonly LabelCell[], format: DocumentFormat): Promise<Buffer> {
  const { doc, finish } = createPdf(title);
  cells.forEach((cell, i) => {
    let x = 0;
    let y = 0;
    if (format === 'A6') doc.addPage({ size: [A6.width, A6.height], margin: 0 });
    else {
      const slot = i % 4;
      if (slot === 0) {
        doc.addPage({ size: 'A4', margin: 0 });
        drawCutLines(doc);
      }
      x = (slot % 2) * A6.width;
      y = Math.floor(slot / 2) * A6.height;
    }
    drawCell(doc, cell, x, y);
  });
  if (cells.length === 0) doc.addPage({ size: format === 'A6' ? [A6.width, A6.height] : 'A4', margin: 0 });
  await nextTick();
  return finish();
}

function drawCell(doc: Doc, cell: LabelCell, x: number, y: number): void {
  if (cell.kind === 'waybill') drawWaybill(doc, cell.label, x, y);
  else if (cell.kind === 'temporary') drawTemporary(doc, cell.label, x, y);
}

/** Dashed guides between the four quarters of an A4 sheet, for the scissors. */
function drawCutLines(doc: Doc): void {
  doc.save().lineWidth(0.3).strokeColor('#999999').dash(3, { space: 3 });
  doc.moveTo(A6.width, 0).lineTo(A6.width, A4.height).stroke();
  doc.moveTo(0, A6.height).lineTo(A4.width, A6.height).stroke();
  doc.undash().restore();
}

/**
 * Code 128 of `text`, centred in the label's width from `y`: the widest module of whole printer
 * dots up to `maxModule` that fits with its quiet zones. Text Code 128 cannot carry (not printable
 * ASCII, e.g. a waybill typed by hand with Polish letters) is printed without bars.
 */
function drawBarcode(doc: Doc, text: string, x: number, y: number, height: number, maxModule: number): boolean {
  if (!/^[\x20-\x7e]{1,80}$/.test(text)) return false;
  const sbs = code128Modules(text);
  const modules = moduleCount(sbs);
  const fit = INNER / (modules + 2 * CODE128_QUIET_MODULES);
  const snapped = Math.floor(fit / DOT) * DOT;
  const module = Math.min(maxModule, snapped >= 0.48 ? snapped : fit);
  drawCode128(doc, sbs, x + (A6.width - modules * module) / 2, y, module, height);
  return true;
}

/** `text` cut with an ellipsis to `width` at the current font and size (binary search on the prefix). */
function fit(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (doc.widthOfString(`${text.slice(0, mid).trimEnd()}…`) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo).trimEnd()}…`;
}

/**
 * One line of text cut with an ellipsis at the label's width; answers the next line's y. The line
 * is measured and placed here rather than by pdfkit's line wrapper, which costs several times more
 * (bench/documents.mjs).
 */
function line(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  size: number,
  opts: { bold?: boolean; color?: string; align?: 'left' | 'center' | 'right'; width?: number } = {},
): number {
  doc
    .font(opts.bold ? 'bold' : 'regular')
    .fontSize(size)
    .fillColor(opts.color ?? 'black');
  const width = opts.width ?? INNER;
  const shown = fit(doc, text, width);
  const align = opts.align ?? 'left';
  const dx = align === 'left' ? 0 : (width - doc.widthOfString(shown)) / (align === 'center' ? 2 : 1);
  if (shown !== '') doc.text(shown, x + dx, y, { lineBreak: false });
  return y + size * 1.25;
}

function rule(doc: Doc, x: number, y: number): void {
  doc
    .moveTo(x + M, y)
    .lineTo(x + A6.width - M, y)
    .lineWidth(0.6)
    .strokeColor('black')
    .stroke();
}

/** One formatter for every label: building an Intl.DateTimeFormat costs about a millisecond. */
const DAY = new Intl.DateTimeFormat('pl-PL', {
  timeZone: 'Europe/Warsaw',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** dd.mm.yyyy in Warsaw time. */
function day(iso: string): string {
  return DAY.format(new Date(iso));
}

/** The receiver block: name in bold, address lines, pickup point, contact. Answers the next y. */
function drawReceiver(
  doc: Doc,
  r: { receiver: string[]; receiverContact: string; pickupPoint: string },
  x: number,
  y: number,
  big: number,
  maxLines: number,
): number {
  let cy = line(doc, LABEL_TEXT.receiver, x + M, y, 7, { bold: true, color: '#555555' });
  const [name = '', ...rest] = r.receiver;
  cy = line(doc, name, x + M, cy, big + 1, { bold: true });
  for (const l of rest.slice(0, maxLines)) cy = line(doc, l, x + M, cy, big);
  if (r.pickupPoint !== '') cy = line(doc, LABEL_TEXT.pickupPoint(r.pickupPoint), x + M, cy, big, { bold: true });
  if (r.receiverContact !== '') cy = line(doc, r.receiverContact, x + M, cy + 1, 8);
  return cy;
}

/** The waybill label (A6): carrier, Code 128 of the number, sender, receiver, parcel, COD. */
function drawWaybill(doc: Doc, l: WaybillLabel, x: number, y: number): void {
  const left = x + M;
  line(doc, day(l.date), left, y + M + 2, 8, { align: 'right' });
  let cy = line(doc, l.carrierName, left, y + M, 12, { bold: true, width: INNER - 60 });
  cy = line(doc, l.methodName, left, cy + 1, 9);
  rule(doc, x, cy + 3);

  const bars = drawBarcode(doc, l.waybillNumber, x, cy + 11, 64, 1.44);
  cy = bars ? cy + 79 : cy + 12;
  cy = line(doc, l.waybillNumber, left, cy, 14, { bold: true, align: 'center' });
  rule(doc, x, cy + 3);

  cy = line(doc, LABEL_TEXT.sender, left, cy + 8, 7, { bold: true, color: '#555555' });
  for (const s of l.sender.slice(0, 4)) cy = line(doc, s, left, cy, 8);
  rule(doc, x, cy + 3);

  cy = drawReceiver(doc, l, x, cy + 8, 11, 4);
  rule(doc, x, cy + 4);

  cy += 9;
  const parcel = [l.sizes && LABEL_TEXT.sizes(l.sizes), l.weight && LABEL_TEXT.weight(l.weight)].filter((p) => p);
  for (const p of parcel) cy = line(doc, p, left, cy, 9);
  if (l.cashOnDelivery !== '') {
    const boxY = Math.max(cy + 4, y + A6.height - M - 48);
    doc.rect(left, boxY, INNER, 26).lineWidth(1.5).strokeColor('black').stroke();
    line(doc, LABEL_TEXT.cashOnDelivery(l.cashOnDelivery), left, boxY + 6, 13, { bold: true, align: 'center' });
  }
  line(doc, LABEL_TEXT.order(l.orderId), left, y + A6.height - M - 9, 8, { color: '#333333' });
}

/** The temporary label (A6): order number and its reader code, receiver, shipping, the lines. */
function drawTemporary(doc: Doc, l: TemporaryLabel, x: number, y: number): void {
  const left = x + M;
  line(doc, day(l.date), left, y + M, 8, { align: 'right' });
  let cy = line(doc, LABEL_TEXT.temporary, left, y + M, 8, { bold: true, color: '#555555', width: INNER - 60 });
  cy = line(doc, LABEL_TEXT.order(l.orderId), left, cy + 2, 15, { bold: true });
  const bars = drawBarcode(doc, l.code, x, cy + 6, 48, 1.2);
  cy = bars ? cy + 56 : cy + 6;
  cy = line(doc, l.code, left, cy, 8, { align: 'center', color: '#333333' });
  rule(doc, x, cy + 3);

  cy = drawReceiver(doc, l, x, cy + 8, 10, 3);
  cy = line(doc, l.shipping, left, cy + 2, 8, { color: '#333333' });
  rule(doc, x, cy + 3);

  cy = line(doc, LABEL_TEXT.lines(l.lines.length), left, cy + 8, 7, { bold: true, color: '#555555' });
  const bottom = y + A6.height - M;
  const step = 8 * 1.25;
  const room = Math.max(0, Math.floor((bottom - cy) / step));
  const shown = l.lines.length <= room ? l.lines.length : Math.max(0, room - 1);
  if (l.lines.length === 0) line(doc, LABEL_TEXT.noLines, left, cy, 8);
  for (const item of l.lines.slice(0, shown)) {
    line(doc, `${item.quantity} ×`, left, cy, 8, { bold: true, width: 30 });
    cy = line(doc, [item.code, item.name].filter((t) => t !== '').join(' – '), left + 32, cy, 8, {
      width: INNER - 32,
    });
  }
  if (shown < l.lines.length) line(doc, LABEL_TEXT.moreLines(l.lines.length - shown), left, cy, 8, { bold: true });
}

// ---- carriers' own PDFs --------------------------------------------------------------------------

type Placement = { kind: 'a6'; page: PDFEmbeddedPage } | { kind: 'a4'; page: PDFEmbeddedPage };

/**
 * A print with carriers' own PDFs: the core's labels are drawn as A6 pages first, then every page
 * (drawn or the carrier's) is placed with pdf-lib as a vector form, in the order asked.
 */
async function assemble(
  title: string,
  cells: readonly LabelCell[],
  format: DocumentFormat,
  oversize: BolOversize,
): Promise<Buffer> {
  const out = await PDFDocument.create();
  out.setTitle(title);
  out.setProducer('Zaplecze');
  out.setCreator('Zaplecze');
  const drawn = cells.filter((c) => c.kind !== 'pdf');
  const drawnPages = drawn.length > 0 ? await out.embedPdf(await drawCells(title, drawn, 'A6')) : [];
  const placements: Placement[] = [];
  let nextDrawn = 0;
  for (const cell of cells) {
    if (cell.kind !== 'pdf') {
      placements.push({ kind: 'a6', page: drawnPages[nextDrawn++]! });
      continue;
    }
    const source = await PDFDocument.load(cell.pdf, { ignoreEncryption: true });
    const pages = await out.embedPdf(source, source.getPageIndices());
    for (const page of pages) {
      const [w, h] = page.width > page.height ? [page.height, page.width] : [page.width, page.height];
      const fits = w <= A6.width + 1 && h <= A6.height + 1;
      placements.push({ kind: fits || oversize === 'RESIZE' ? 'a6' : 'a4', page });
    }
  }
  let sheet: ReturnType<typeof out.addPage> | undefined;
  let slot = 0;
  for (const p of placements) {
    if (p.kind === 'a4') {
      place(out.addPage([A4.width, A4.height]), p.page, 0, 0, A4.width, A4.height);
      sheet = undefined;
      continue;
    }
    if (format === 'A6') {
      place(out.addPage([A6.width, A6.height]), p.page, 0, 0, A6.width, A6.height);
      continue;
    }
    if (!sheet || slot === 4) {
      sheet = out.addPage([A4.width, A4.height]);
      slot = 0;
    }
    const col = slot % 2;
    const row = Math.floor(slot / 2);
    place(sheet, p.page, col * A6.width, A4.height - (row + 1) * A6.height, A6.width, A6.height);
    slot++;
  }
  return Buffer.from(await out.save());
}

/** Draws `page` centred in the box, turned upright when landscape, shrunk (never grown) to fit. */
function place(
  target: ReturnType<PDFDocument['addPage']>,
  page: PDFEmbeddedPage,
  x: number,
  y: number,
  width: number,
  height: number,
): void {
  const turn = page.width > page.height;
  const [w, h] = turn ? [page.height, page.width] : [page.width, page.height];
  const scale = Math.min(1, width / w, height / h);
  const dw = w * scale;
  const dh = h * scale;
  const ox = x + (width - dw) / 2;
  const oy = y + (height - dh) / 2;
  if (turn)
    // Turned 90° counter-clockwise about its origin: the page's bottom edge runs up the box's right side.
    target.drawPage(page, { x: ox + dw, y: oy, xScale: scale, yScale: scale, rotate: degrees(90) });
  else target.drawPage(page, { x: ox, y: oy, xScale: scale, yScale: scale });
}
