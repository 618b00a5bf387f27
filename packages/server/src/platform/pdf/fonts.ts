import fs from 'node:fs';

/**
 * TrueType fonts with Polish glyphs (the 14 standard PDF fonts have no ą ę ł ń ś ź ż). DejaVu comes
 * from Debian's fonts-dejavu-core, which CI installs. Each file is read once per process and the
 * buffer shared by every document; pdfkit embeds only the glyphs a document uses.
 */
export const FONT_FILES = {
  regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
} as const;
export type FontName = keyof typeof FONT_FILES;

const cache = new Map<FontName, Buffer>();

/** The font file's bytes; a missing font is a setup error (500), named in the log. */
export function fontData(name: FontName): Buffer {
  let data = cache.get(name);
  if (!data) {
    try {
      data = fs.readFileSync(FONT_FILES[name]);
    } catch (err) {
      throw new Error(`PDF font ${FONT_FILES[name]} is missing: install the Debian package fonts-dejavu-core`, {
        cause: err,
      });
    }
    cache.set(name, data);
  }
  return data;
}
