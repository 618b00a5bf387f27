import { ensureWebBuilt } from './build-web';

/**
 * Optional vitest globalSetup for the e2e project (`globalSetup: ['e2e/support/global-setup.ts']`):
 * builds the web app once, in the main process, before any browser test file starts. Without it
 * every file's beforeAll calls ensureWebBuilt itself, which is equivalent (the workers' parent pid
 * is this process's pid, so the run id matches and the second call is a no-op).
 */
export default async function setup(): Promise<void> {
  await ensureWebBuilt(String(process.pid));
}
