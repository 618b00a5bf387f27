import { PHOTO_MAX_BYTES, PHOTO_TYPES, PHOTOS_MAX } from '@zaplecze/contract';

/**
 * Saving an item is a row of steps (docs/rules/catalogue-and-orders-rules.md §4): each new photo's upload, the item
 * itself, then the plugins' after-save step. The bar shows done steps / (uploads + 2).
 */
export function saveSteps(uploads: number): number {
  return uploads + 2;
}

/** The progress bar's percent after `done` steps (0-100, whole). */
export function progressPercent(done: number, uploads: number): number {
  const total = saveSteps(uploads);
  return Math.round((Math.min(Math.max(done, 0), total) / total) * 100);
}

export type PhotoProblem = 'tooMany' | 'tooBig' | 'badType';

/**
 * What is wrong with adding `files` to an item that holds `current` photos: more than 20 in total,
 * a file over 10 MB or a type other than PNG and JPEG; undefined when they may be added.
 */
export function photoProblem(
  current: number,
  files: readonly { size: number; type: string }[],
): PhotoProblem | undefined {
  if (current + files.length > PHOTOS_MAX) return 'tooMany';
  if (files.some((f) => f.size > PHOTO_MAX_BYTES)) return 'tooBig';
  if (files.some((f) => !(PHOTO_TYPES as readonly string[]).includes(f.type))) return 'badType';
  return undefined;
}

const PHOTO_EXTENSIONS = /\.(png|jpe?g)$/i;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/** The first `n` bytes of a file (FileReader: every browser, and jsdom in tests). */
function readHead(file: Blob, n: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file.slice(0, n));
  });
}

/** Whether the first bytes of a file are those of a PNG or a JPEG image. */
export function isPhotoContent(head: Uint8Array): boolean {
  const starts = (sig: number[]) => sig.every((b, i) => head[i] === b);
  return starts(PNG) || starts(JPEG);
}

/**
 * The chosen files that are no PNG or JPEG photo (docs/decisions.md, Forms): a type other than
 * PNG/JPEG, a name without .png/.jpg/.jpeg, or content that does not start as an image does (a
 * text file renamed to .jpg). Checked when chosen, so a bad file never fails the whole save.
 */
export async function notPhotos(files: readonly File[]): Promise<File[]> {
  const bad: File[] = [];
  for (const f of files) {
    const typed = (PHOTO_TYPES as readonly string[]).includes(f.type) && PHOTO_EXTENSIONS.test(f.name);
    const head = typed ? await readHead(f, PNG.length).catch(() => undefined) : undefined;
    if (!head || !isPhotoContent(head)) bad.push(f);
  }
  return bad;
}
