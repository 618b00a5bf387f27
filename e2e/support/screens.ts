import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

/**
 * Screenshots of key steps for a person to look at (reviews, docs/): they assert nothing, so a
 * test run takes them only with E2E_SCREENSHOTS=1 (a full-page shot costs a few hundred ms on a
 * busy machine, and CI looks at none). A failed test's screenshots are taken always (e2e.ts).
 */
export function screenshotsWanted(): boolean {
  return process.env.E2E_SCREENSHOTS === '1';
}

/** Saves a screenshot of a page or an element to `file` when screenshotsWanted(). */
export async function keepScreenshot(
  target: Page | Locator,
  file: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!screenshotsWanted()) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await target.screenshot({ path: file, ...options });
}
