import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { RESULTS_DIR, ROOT, WEB_DIR, WEB_DIST } from './paths';

/** Everything the web build reads: when any of it is newer than dist/index.html, rebuild. */
const BUILD_INPUTS = [
  path.join(WEB_DIR, 'src'),
  path.join(WEB_DIR, 'public'),
  path.join(WEB_DIR, 'index.html'),
  path.join(WEB_DIR, 'vite.config.ts'),
  path.join(WEB_DIR, 'package.json'),
  path.join(ROOT, 'packages/contract/src'),
  // Plugins' web parts are compiled with the app (packages/web/src/extensions/plugins/entries.ts).
  path.join(ROOT, 'plugins'),
  path.join(ROOT, 'plugins-fixtures'),
];
const INDEX = path.join(WEB_DIST, 'index.html');
const LOCK = path.join(RESULTS_DIR, '.e2e-web-build.lock');
const MARKER = path.join(RESULTS_DIR, '.e2e-web-build.json');
const LOCK_STALE_MS = 5 * 60_000;

function newestMtime(p: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Why the build is needed, or undefined when dist is present and newer than every source. */
export function webBuildNeeded(): string | undefined {
  if (!fs.existsSync(INDEX)) return 'packages/web/dist is missing';
  const built = fs.statSync(INDEX).mtimeMs;
  const newest = Math.max(...BUILD_INPUTS.map(newestMtime));
  return newest > built ? 'packages/web/dist is older than its sources' : undefined;
}

function runBuild(outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // vitest sets NODE_ENV=test, and Vite keeps an inherited NODE_ENV: without this the build would
    // be a development one (React's dev runtime, jsxDEV, source paths), unlike what users get.
    const env = { ...process.env, NODE_ENV: 'production' };
    const args = ['run', 'build', '-w', '@zaplecze/web', '--', '--outDir', outDir, '--emptyOutDir'];
    const child = spawn('npm', args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`web build failed (exit ${code}):\n${output}`));
    });
  });
}

/**
 * Builds into a scratch directory, then copies the result over dist: assets first (their names are
 * content hashes, so nothing is overwritten), index.html last. Assets of the previous build stay,
 * so a server that is already running (another test run, `npm start`) keeps finding the chunks its
 * cached index.html points at. The next plain `npm run build` empties dist again.
 */
async function buildIntoDist(): Promise<void> {
  const scratch = path.join(RESULTS_DIR, `.e2e-web-build-${process.pid}`);
  fs.rmSync(scratch, { recursive: true, force: true });
  try {
    await runBuild(scratch);
    fs.mkdirSync(WEB_DIST, { recursive: true });
    for (const entry of fs.readdirSync(scratch)) {
      if (entry !== 'index.html') fs.cpSync(path.join(scratch, entry), path.join(WEB_DIST, entry), { recursive: true });
    }
    const tmpIndex = path.join(WEB_DIST, `.index.html.${process.pid}`);
    fs.copyFileSync(path.join(scratch, 'index.html'), tmpIndex);
    fs.renameSync(tmpIndex, INDEX);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

async function withLock<T>(fn: () => Promise<T>): Promise<T> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const deadline = Date.now() + LOCK_STALE_MS;
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const age = Date.now() - (fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_STALE_MS) fs.rmSync(LOCK, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`timed out waiting for ${LOCK}`);
      else await delay(250);
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}

function readRunMarker(): string | undefined {
  try {
    const data: unknown = JSON.parse(fs.readFileSync(MARKER, 'utf8'));
    return typeof data === 'object' && data && 'runId' in data && typeof data.runId === 'string'
      ? data.runId
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Builds the web app once per test run when dist is missing or stale. Test files run in parallel
 * worker processes, so the build is serialised by a lock directory, and the decision is taken once
 * per run (`runId`: the vitest main process): a source edited while the run is going does not
 * trigger a second build that would swap the assets under a file that is already running.
 */
export async function ensureWebBuilt(runId: string = String(process.ppid)): Promise<void> {
  if (readRunMarker() === runId && fs.existsSync(INDEX)) return;
  await withLock(async () => {
    if (readRunMarker() === runId && fs.existsSync(INDEX)) return;
    const reason = webBuildNeeded();
    if (reason) {
      const started = Date.now();
      console.log(`[e2e] ${reason}: building the web app...`);
      await buildIntoDist();
      console.log(`[e2e] web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    fs.writeFileSync(MARKER, JSON.stringify({ runId, at: new Date().toISOString() }));
  });
}
