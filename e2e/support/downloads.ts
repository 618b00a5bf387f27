import fs from 'node:fs';
import path from 'node:path';
import type { Download } from 'playwright-core';
import { RESULTS_DIR } from './paths';

/** Where the tests' downloads are saved; emptied when a run starts (e2e/support/global-setup.ts). */
export const DOWNLOADS_DIR = path.join(RESULTS_DIR, 'downloads');

let saved = 0;

/**
 * A download saved to a file of this process, and its path. The browser runs in another process
 * (the run's one Chromium, e2e/support/global-setup.ts), where Download.path() does not work;
 * saveAs streams the file over.
 */
export async function savedFile(download: Download): Promise<string> {
  saved += 1;
  const file = path.join(DOWNLOADS_DIR, `${process.pid}-${saved}-${download.suggestedFilename()}`);
  fs.mkdirSync(DOWNLOADS_DIR, { recursive: true });
  await download.saveAs(file);
  return file;
}
