import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Checks of generated PDFs with Debian's poppler-utils (pdfinfo, pdftotext, pdftoppm) and
 * zbar-tools (zbarimg), which CI installs. Each call works on a scratch copy of the PDF.
 */
const run = promisify(execFile);

async function withPdf<T>(pdf: Buffer, fn: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zaplecze-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await fs.writeFile(file, pdf);
    return await fn(file, dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Page count as pdfinfo reads it (also proves the file parses). */
export function pdfPageCount(pdf: Buffer): Promise<number> {
  return withPdf(pdf, async (file) => {
    const { stdout } = await run('pdfinfo', [file]);
    const pages = /^Pages:\s+(\d+)$/m.exec(stdout);
    if (!pages) throw new Error(`pdfinfo gave no page count:\n${stdout}`);
    return Number(pages[1]);
  });
}

/** The text in content-stream order (`pdftotext -raw`), whitespace runs folded to one space. */
export function pdfText(pdf: Buffer): Promise<string> {
  return withPdf(pdf, async (file) => {
    const { stdout } = await run('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-']);
    return stdout.replace(/\s+/g, ' ').trim();
  });
}

/**
 * Every Code 128 symbol on every page, as a reader would type it: the pages are rasterised at
 * `dpi` (`pdftoppm -r 300 -png`) and decoded with `zbarimg -q --raw`, one text per symbol found.
 */
export function decodeCode128(pdf: Buffer, dpi = 300): Promise<string[]> {
  return withPdf(pdf, async (file, dir) => {
    await run('pdftoppm', ['-r', String(dpi), '-gray', '-png', file, path.join(dir, 'page')]);
    const pages = (await fs.readdir(dir)).filter((f) => f.endsWith('.png')).map((f) => path.join(dir, f));
    let stdout: string;
    try {
      ({ stdout } = await run('zbarimg', ['-q', '--raw', '-Sdisable', '-Scode128.enable', ...pages]));
    } catch (err) {
      // Exit status 4: some page had no symbol at all; what the others had is still on stdout.
      const failed = err as { code?: number; stdout?: string };
      if (failed.code !== 4) throw err;
      stdout = failed.stdout ?? '';
    }
    return stdout.split('\n').filter((line) => line !== '');
  });
}

/** Every QR code on every page, as a phone would read it (`pdftoppm -r 200`, `zbarimg` QR only). */
export function decodeQrCodes(pdf: Buffer, dpi = 200): Promise<string[]> {
  return withPdf(pdf, async (file, dir) => {
    await run('pdftoppm', ['-r', String(dpi), '-gray', '-png', file, path.join(dir, 'page')]);
    const pages = (await fs.readdir(dir)).filter((f) => f.endsWith('.png')).map((f) => path.join(dir, f));
    let stdout: string;
    try {
      ({ stdout } = await run('zbarimg', ['-q', '--raw', '-Sdisable', '-Sqrcode.enable', ...pages]));
    } catch (err) {
      const failed = err as { code?: number; stdout?: string };
      if (failed.code !== 4) throw err;
      stdout = failed.stdout ?? '';
    }
    return stdout.split('\n').filter((line) => line !== '');
  });
}
