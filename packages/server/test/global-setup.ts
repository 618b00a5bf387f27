import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * vitest globalSetup of the API projects: compiles the server once before any file starts, so the
 * tests' child processes (`npm start`, the CLI) run exactly what `npm start` runs, from the
 * sources as they are now. Unchanged output is not written again (scripts/build-server.mjs).
 */
export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--quiet'], { cwd: root, stdio: 'inherit' });
}
