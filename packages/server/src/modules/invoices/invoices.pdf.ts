import { formatAmountPl, formatBankAccount, type InvoiceSnapshot, type SnapshotVat } from '@zaplecze/contract';
import bwipjs from 'bwip-js/node';
import { A4, createPdf } from '../../platform/pdf/document';
import type { InvoiceMark } from '../../platform/invoice-marks';
import { INVOICE_PDF as T } from './messages.pl';

/** Layout of the invoice page in PDF points. */
const M = 40;
const WIDTH = A4.width - 2 * M;
const BOTTOM = A4.height - 50;
/** Line table columns: widths (sum = WIDTH) and alignment. */
const COLS = [
  { w: 22, align: 'right' },
  { w: 168, align: 'left' },
  { w: 38, align: 'right' },
  { w: 28, align: 'left' },
  { w: 58, align: 'right' },
  { w: 34, align: 'right' },
  { w: 58, align: 'right' },
  { w: 52, align: 'right' },
  { w: 57.28, align: 'right' },
] as const;
const PAD = 3;

/** 2300 -> '23%', 550 -> '5,5%'; a rate that is no number prints as its code: 'zw', 'np', 'oo'. */
export function formatVatPl(vat: SnapshotVat): string {
  if (typeof vat === 'string') return vat;
  return `${String(vat / 100).replace('.', ',')}%`;
}

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One PDF of the given invoices, each starting on a new A4 page (a long invoice continues on
 * further pages with the table header repeated). Text uses the embedded DejaVu fonts, so Polish
 * letters print; the event loop gets a turn after every invoice.
 */
export async function renderInvoicesPdf(
  invoices: readonly InvoiceSnapshot[],
  marks: readonly (InvoiceMark | undefined)[] = [],
): Promise<Buffer> {
  const title = invoices.length === 1 ? `${T.title} ${invoices[0]?.number ?? ''}` : T.title;
  const { doc, finish } = createPdf(title);
  for (const [i, inv] of invoices.entries()) {
    const mark = marks[i];
    drawInvoice(doc, inv, mark && { ...mark, png: await qrPng(mark.qrUrl) });
    await nextTick();
  }
  return finish();
}

/** The QR code (ISO/IEC 18004, error correction M) of `text` as a PNG. */
function qrPng(text: string): Promise<Buffer> {
  // eclevel is a BWIPP option of the QR symbol the typings do not list.
  const options = { bcid: 'qrcode', text, scale: 4, eclevel: 'M', paddingwidth: 2, paddingheight: 2 };
  return bwipjs.toBuffer(options as Parameters<typeof bwipjs.toBuffer>[0]);
}

/** KOD I's size on the page (points) and the room the footer's texts leave for it. */
const QR = 84;

function drawInvoice(doc: PDFKit.PDFDocument, inv: InvoiceSnapshot, mark?: InvoiceMark & { png: Buffer }): void {
  doc.addPage({ size: 'A4', margin: 0 });
  let y = drawHeader(doc, inv);
  y = drawTableHeader(doc, y);
  for (const line of inv.lines) {
    const cells = [
      String(line.no),
      line.name,
      String(line.quantity),
      line.unit,
      formatAmountPl(line.unitGross),
      formatVatPl(line.vat),
      formatAmountPl(line.net),
      formatAmountPl(line.vatAmount),
      formatAmountPl(line.gross),
    ];
    doc.font('regular').fontSize(8);
    const nameHeight = doc.heightOfString(line.name, { width: (COLS[1]?.w ?? 0) - 2 * PAD });
    const codeHeight = line.code ? 9 : 0;
    const h = Math.max(nameHeight + codeHeight, 10) + 2 * PAD;
    if (y + h > BOTTOM) y = continuePage(doc, inv);
    let x = M;
    cells.forEach((text, i) => {
      const col = COLS[i];
      if (!col) return;
      doc.font('regular').fontSize(8).fillColor('black');
      doc.text(text, x + PAD, y + PAD, { width: col.w - 2 * PAD, align: col.align });
      if (i === 1 && line.code) {
        doc
          .fontSize(7)
          .fillColor('#555555')
          .text(T.code(line.code), x + PAD, y + PAD + nameHeight + 1, {
            width: col.w - 2 * PAD,
            height: 8,
            ellipsis: true,
            lineBreak: false,
          });
      }
      x += col.w;
    });
    doc.rect(M, y, WIDTH, h).lineWidth(0.5).strokeColor('#999999').stroke();
    y += h;
  }
  y += 12;
  const summaryHeight = 20 + 14 * (inv.rates.length + 1) + 134 + (mark ? 30 : 0);
  if (y + summaryHeight > BOTTOM) y = continuePage(doc, inv, false);
  y = drawRates(doc, inv, y);
  drawFooter(doc, inv, y + 12, mark);
}

/** Number, dates, seller and buyer; answers the y below them. */
function drawHeader(doc: PDFKit.PDFDocument, inv: InvoiceSnapshot): number {
  doc.fillColor('black').font('bold').fontSize(18).text(T.title, M, M, { lineBreak: false });
  doc.fontSize(13).text(T.number(inv.number), M, M + 24, { lineBreak: false });
  const rx = M + WIDTH - 220;
  const facts: [string, string][] = [
    [T.placeOfIssue, inv.placeOfIssue],
    [T.issueDate, inv.issueDate],
    [T.saleDate, inv.saleDate],
  ];
  facts.forEach(([label, value], i) => {
    const fy = M + 2 + i * 13;
    doc.font('regular').fontSize(9).fillColor('#444444').text(label, rx, fy, { width: 110, lineBreak: false });
    doc
      .font('bold')
      .fillColor('black')
      .text(value, rx + 110, fy, { width: 110, align: 'right', lineBreak: false });
  });
  const top = M + 62;
  const half = (WIDTH - 20) / 2;
  const s = inv.seller;
  const b = inv.buyer;
  const place = (postCode: string, city: string, country: string) =>
    [`${postCode} ${city}`.trim(), country && country !== 'PL' ? country : ''].filter(Boolean).join(', ');
  const sellerLines = [s.name, s.address, place(s.postCode, s.city, s.countryCode), s.taxId ? T.taxId(s.taxId) : ''];
  const buyerLines = [b.name, b.address, place(b.postCode, b.city, b.countryCode), b.taxId ? T.taxId(b.taxId) : ''];
  const h1 = drawParty(doc, T.seller, sellerLines, M, top, half);
  const h2 = drawParty(doc, T.buyer, buyerLines, M + half + 20, top, half);
  return top + Math.max(h1, h2) + 16;
}

function drawParty(doc: PDFKit.PDFDocument, label: string, lines: string[], x: number, y: number, w: number): number {
  doc.font('bold').fontSize(10).fillColor('#333333').text(label, x, y, { width: w, lineBreak: false });
  doc
    .moveTo(x, y + 13)
    .lineTo(x + w, y + 13)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  let cy = y + 17;
  lines
    .filter((l) => l.trim() !== '')
    .forEach((l, i) => {
      doc
        .font(i === 0 ? 'bold' : 'regular')
        .fontSize(9)
        .fillColor('black');
      const h = doc.heightOfString(l, { width: w });
      doc.text(l, x, cy, { width: w });
      cy += h + 1;
    });
  return cy - y;
}

function drawTableHeader(doc: PDFKit.PDFDocument, y: number): number {
  doc.font('bold').fontSize(7.5);
  const h = 24;
  doc.rect(M, y, WIDTH, h).fillColor('#eeeeee').fill();
  let x = M;
  T.cols.forEach((label, i) => {
    const col = COLS[i];
    if (!col) return;
    doc.fillColor('black').text(label, x + PAD, y + 4, { width: col.w - 2 * PAD, align: col.align, height: h - 4 });
    x += col.w;
  });
  doc.rect(M, y, WIDTH, h).lineWidth(0.5).strokeColor('#999999').stroke();
  return y + h;
}

/** A continuation page of the same invoice; answers where the next row goes. */
function continuePage(doc: PDFKit.PDFDocument, inv: InvoiceSnapshot, withTable = true): number {
  doc.addPage({ size: 'A4', margin: 0 });
  doc.font('bold').fontSize(10).fillColor('black').text(T.continued(inv.number), M, M, { lineBreak: false });
  return withTable ? drawTableHeader(doc, M + 20) : M + 24;
}

/** Totals per rate and the grand total, right-aligned; answers the y below. */
function drawRates(doc: PDFKit.PDFDocument, inv: InvoiceSnapshot, y: number): number {
  const widths = [70, 80, 70, 80];
  const total = widths.reduce((a, b) => a + b, 0);
  const x0 = M + WIDTH - total;
  const row = (cells: string[], bold: boolean, fill?: string) => {
    if (fill) doc.rect(x0, y, total, 14).fillColor(fill).fill();
    let x = x0;
    cells.forEach((c, i) => {
      const w = widths[i] ?? 0;
      doc
        .font(bold ? 'bold' : 'regular')
        .fontSize(8)
        .fillColor('black')
        .text(c, x + PAD, y + 3, { width: w - 2 * PAD, align: 'right', lineBreak: false });
      x += w;
    });
    doc.rect(x0, y, total, 14).lineWidth(0.5).strokeColor('#999999').stroke();
    y += 14;
  };
  row([...T.rateCols], true, '#eeeeee');
  for (const r of inv.rates)
    row([formatVatPl(r.vat), formatAmountPl(r.net), formatAmountPl(r.vatAmount), formatAmountPl(r.gross)], false);
  row(
    [T.total, formatAmountPl(inv.totals.net), formatAmountPl(inv.totals.vatAmount), formatAmountPl(inv.totals.gross)],
    true,
  );
  return y;
}

function drawFooter(
  doc: PDFKit.PDFDocument,
  inv: InvoiceSnapshot,
  y: number,
  mark?: InvoiceMark & { png: Buffer },
): void {
  // KOD I at the footer's right, its caption (the KSeF number or OFFLINE) under it; the texts
  // keep to its left.
  const textWidth = mark ? WIDTH - QR - 44 : WIDTH;
  let qrBottom = y;
  if (mark) {
    const x = M + WIDTH - QR;
    doc.image(mark.png, x, y, { width: QR, height: QR });
    doc.font('bold').fontSize(6).fillColor('black');
    // One line, right under the code's right edge: a KSeF number is never wrapped at its dashes.
    const w = doc.widthOfString(mark.caption);
    doc.text(mark.caption, x + QR - w, y + QR + 2, { lineBreak: false });
    qrBottom = doc.y + 4;
  }
  doc
    .font('bold')
    .fontSize(12)
    .fillColor('black')
    .text(`${T.toPay} ${formatAmountPl(inv.totals.gross)} ${inv.currency}`, M, y, { width: textWidth });
  y += 18;
  const fact = (label: string, value: string) => {
    if (value.trim() === '') return;
    doc.font('regular').fontSize(9);
    if (label === '') doc.fillColor('black').text(value, M, y, { width: textWidth, height: 120, ellipsis: true });
    else {
      doc.fillColor('#444444').text(label, M, y, { continued: true });
      doc.fillColor('black').text(` ${value}`, { width: textWidth, height: 120, ellipsis: true });
    }
    y = doc.y + 2;
  };
  fact(T.inWords, inv.amountInWords);
  fact(T.payment, inv.paymentMethod);
  fact(T.bankAccount, inv.bankAccount && formatBankAccount(inv.bankAccount));
  fact(T.bank, inv.bankName);
  fact(T.shipping, inv.shippingName);
  fact('', T.order(inv.order.id, inv.order.externalId));
  fact(T.annotations, inv.annotations);
  for (const note of inv.vatNotes ?? []) fact('', note);
  y = Math.max(y, qrBottom);
  const sy = Math.max(y + 40, BOTTOM - 50);
  const w = 200;
  const sig = (x: number, caption: string, name: string) => {
    doc
      .font('regular')
      .fontSize(9)
      .fillColor('black')
      .text(name, x, sy - 14, { width: w, align: 'center' });
    doc
      .moveTo(x, sy)
      .lineTo(x + w, sy)
      .lineWidth(0.5)
      .strokeColor('#666666')
      .stroke();
    doc
      .fontSize(7)
      .fillColor('#555555')
      .text(`${caption} (${T.signatureNote})`, x, sy + 3, {
        width: w,
        align: 'center',
      });
  };
  sig(M, T.issuer, inv.issuer);
  sig(M + WIDTH - w, T.receiver, '');
}
