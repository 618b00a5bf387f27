import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** `qpdf --check` of the PDF: resolves with qpdf's report, rejects when qpdf finds the file broken. */
export async function qpdfCheck(pdf: Buffer): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zaplecze-qpdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await fs.writeFile(file, pdf);
    const { stdout } = await run('qpdf', ['--check', file]);
    return stdout;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Renders the PDF's pages to PNG files (`pdftoppm -r dpi -png`) in `outDir` and answers their paths:
 * for looking at a document as a picture.
 */
export async function pdfToPngs(pdf: Buffer, outDir: string, dpi = 80): Promise<string[]> {
  await fs.mkdir(outDir, { recursive: true });
  const file = path.join(outDir, 'doc.pdf');
  await fs.writeFile(file, pdf);
  await run('pdftoppm', ['-r', String(dpi), '-png', file, path.join(outDir, 'page')]);
  return (await fs.readdir(outDir)).filter((f) => f.endsWith('.png')).map((f) => path.join(outDir, f));
}
