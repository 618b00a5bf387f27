import path from 'node:path';

/** Repository root (this file lives in e2e/support). */
export const ROOT = path.resolve(import.meta.dirname, '../..');
export const WEB_DIR = path.join(ROOT, 'packages/web');
export const WEB_DIST = path.join(WEB_DIR, 'dist');
/** Screenshots of failed tests and the build lock; git-ignored. */
export const RESULTS_DIR = path.join(ROOT, 'test-results');
/**
 * The web app as the browser tests serve it: built with VITE_TEST_PLUGINS=1 (the fixture plugins'
 * web parts join it), so it lives apart from packages/web/dist, which `npm run build` makes for
 * production without them.
 */
export const E2E_WEB_DIST = path.join(RESULTS_DIR, 'e2e-web');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
