import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { launchChromiumServer } from './browser';
import { ensureE2eWebBuilt } from './build-web';
import { DOWNLOADS_DIR } from './downloads';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The WebSocket address of the run's one Chromium (every test file connects to it). */
    chromiumWsEndpoint: string;
  }
}

/**
 * vitest globalSetup of the e2e project: builds the browser tests' web app once, in the main
 * process, before any browser file starts, and starts one Chromium for the whole run, which the
 * files connect to (e2e/support/e2e.ts) instead of each launching its own. Every test still gets
 * fresh browser contexts (their own cookies and storage). Closed when the run ends. The previous
 * run's downloads (e2e/support/downloads.ts) are removed.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  fs.rmSync(DOWNLOADS_DIR, { recursive: true, force: true });
  const [, server] = await Promise.all([ensureE2eWebBuilt(String(process.pid)), launchChromiumServer()]);
  project.provide('chromiumWsEndpoint', server.wsEndpoint());
  return () => server.close();
}
