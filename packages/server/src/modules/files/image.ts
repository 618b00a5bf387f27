import sharp, { type Sharp } from 'sharp';

/** Stored photo formats: the output keeps the input's format. */
export type PhotoFormat = 'jpg' | 'png';

/**
 * Decompression-bomb guard: sharp refuses, from the header alone, an input with more pixels than
 * this. 50 MP leaves room for any camera photo (12 MP phones, 45 MP full-frame) while a tiny PNG
 * that declares 20000x20000 px never reaches the decoder.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Display size: fits inside this square, never enlarged. 1280 px fills the photo viewer on a
 * full-HD screen, and it lets a 12 MP camera JPEG (4000x3000, 4032x3024) decode at half size:
 * sharp uses libjpeg's shrink-on-load only when the reduction is at least 3x (below that it
 * decodes all 12 MP), so 1280 costs 2.5x less CPU than 1600 did (docs/performance.md, Photos).
 */
export const DISPLAY_MAX = 1280;
/** List preview: at most 120 px high (the list row), at most 240 px wide. */
export const THUMB_MAX_HEIGHT = 120;
export const THUMB_MAX_WIDTH = 240;
const JPEG_QUALITY = 82;

export interface ProcessedPhoto {
  display: Buffer;
  thumb: Buffer;
}

/** Why sharp refused an input: too many pixels, or not a decodable image. */
export class ImageRejected extends Error {
  constructor(readonly reason: 'pixels' | 'unreadable') {
    super(`image rejected: ${reason}`);
    this.name = 'ImageRejected';
  }
}

function encode(image: Sharp, format: PhotoFormat): Sharp {
  // No withMetadata()/keepMetadata(): sharp's output then carries no EXIF, GPS, XMP or ICC.
  return format === 'jpg' ? image.jpeg({ quality: JPEG_QUALITY, mozjpeg: false }) : image.png();
}

/**
 * The display size and the thumbnail of an uploaded photo, EXIF orientation applied and every
 * metadata block dropped. The original is decoded once; the thumbnail is made from the display
 * size, which costs a fraction of a second decode of 12 MP.
 */
export async function processPhoto(input: Buffer, format: PhotoFormat): Promise<ProcessedPhoto> {
  try {
    // failOn 'error': phone JPEGs with a harmless warning (a few junk bytes) still pass.
    const display = await encode(
      sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: DISPLAY_MAX, height: DISPLAY_MAX, fit: 'inside', withoutEnlargement: true }),
      format,
    ).toBuffer();
    const thumb = await encode(
      sharp(display).resize({
        width: THUMB_MAX_WIDTH,
        height: THUMB_MAX_HEIGHT,
        fit: 'inside',
        withoutEnlargement: true,
      }),
      format,
    ).toBuffer();
    return { display, thumb };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new ImageRejected(/pixel limit/i.test(message) ? 'pixels' : 'unreadable');
  }
}
