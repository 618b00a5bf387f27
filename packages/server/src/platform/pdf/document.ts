import PDFDocument from 'pdfkit';
import { FONT_FILES, fontData, type FontName } from './fonts';

/** A4 in PDF points (1 pt = 1/72 inch). */
export const A4 = { width: 595.28, height: 841.89 } as const;

export interface PdfBuild {
  doc: PDFKit.PDFDocument;
  /** Ends the document and resolves with its bytes. */
  finish(): Promise<Buffer>;
}

/**
 * A new PDF with the project fonts registered under their FontName ('regular', 'bold'). Pages are
 * added by the caller (no automatic first page); margins are 0, so layout code places everything.
 */
export function createPdf(title: string): PdfBuild {
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    info: { Title: title, Producer: 'Zaplecze', Creator: 'Zaplecze' },
  });
  for (const name of Object.keys(FONT_FILES) as FontName[]) doc.registerFont(name, fontData(name));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    finish() {
      doc.end();
      return done;
    },
  };
}
