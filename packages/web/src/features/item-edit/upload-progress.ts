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
