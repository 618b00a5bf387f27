import path from 'node:path';

/** Repository root (this file lives in e2e/support). */
export const ROOT = path.resolve(import.meta.dirname, '../..');
export const WEB_DIR = path.join(ROOT, 'packages/web');
export const WEB_DIST = path.join(WEB_DIR, 'dist');
/** Screenshots of failed tests and the build lock; git-ignored. */
export const RESULTS_DIR = path.join(ROOT, 'test-results');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
