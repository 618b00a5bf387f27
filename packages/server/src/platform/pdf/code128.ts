// The default export: its raw() is the encoder; the named export `raw` is the 'raw' symbology.
import bwipjs from 'bwip-js/node';

/** Code 128 needs at least 10 modules of white on each side to be found by a reader. */
export const CODE128_QUIET_MODULES = 10;

/**
 * Bar and space widths of a Code 128 symbol in modules, starting with a bar (start code, data with
 * bwip-js's shortest code-set choice, check character, stop code). Throws for text Code 128 cannot
 * carry.
 */
export function code128Modules(text: string): number[] {
  const symbol = bwipjs.raw('code128', text, {})[0];
  if (!symbol || !('sbs' in symbol)) throw new Error(`bwip-js gave no Code 128 bars for ${JSON.stringify(text)}`);
  return symbol.sbs;
}

/** Width of a symbol in modules (bars and spaces, without quiet zones). */
export function moduleCount(sbs: readonly number[]): number {
  let total = 0;
  for (const w of sbs) total += w;
  return total;
}

/**
 * Draws the bars as filled rectangles (vectors, sharp at any printer resolution) from (x, y), each
 * module `moduleWidth` points wide and `height` points tall. Returns the drawn width.
 */
export function drawCode128(
  doc: PDFKit.PDFDocument,
  sbs: readonly number[],
  x: number,
  y: number,
  moduleWidth: number,
  height: number,
): number {
  let cx = x;
  for (let i = 0; i < sbs.length; i++) {
    const w = (sbs[i] ?? 0) * moduleWidth;
    if (i % 2 === 0) doc.rect(cx, y, w, height);
    cx += w;
  }
  doc.fillColor('black').fill();
  return cx - x;
}
