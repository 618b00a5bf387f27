import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { E2E_WEB_DIST, RESULTS_DIR, ROOT, WEB_DIR, WEB_DIST } from './paths';

/** Everything the web build reads: when any of it is newer than a build's index.html, rebuild. */
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
const LOCK_STALE_MS = 5 * 60_000;

/** One kind of web build: where it goes, whether the fixture plugins join it, and its bookkeeping. */
interface WebBuild {
  dir: string;
  /** VITE_TEST_PLUGINS=1: the fixture plugins' web parts join the bundle (packages/web/vite.config.ts). */
  testPlugins: boolean;
  lock: string;
  marker: string;
}

/** The production bundle in packages/web/dist, as `npm run build` makes it (the benches serve it). */
const PRODUCTION_BUILD: WebBuild = {
  dir: WEB_DIST,
  testPlugins: false,
  lock: path.join(RESULTS_DIR, '.e2e-web-build.lock'),
  marker: path.join(RESULTS_DIR, '.e2e-web-build.json'),
};
/** The browser tests' bundle: with the fixture plugins, apart from packages/web/dist (E2E_WEB_DIST). */
const E2E_BUILD: WebBuild = {
  dir: E2E_WEB_DIST,
  testPlugins: true,
  lock: path.join(RESULTS_DIR, '.e2e-web-build-fixtures.lock'),
  marker: path.join(RESULTS_DIR, '.e2e-web-build-fixtures.json'),
};

const indexOf = (build: WebBuild) => path.join(build.dir, 'index.html');

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

/** Why the build is needed, or undefined when it is present and newer than every source. */
export function webBuildNeeded(build: WebBuild = PRODUCTION_BUILD): string | undefined {
  const where = path.relative(ROOT, build.dir);
  if (!fs.existsSync(indexOf(build))) return `${where} is missing`;
  const built = fs.statSync(indexOf(build)).mtimeMs;
  const newest = Math.max(...BUILD_INPUTS.map(newestMtime));
  return newest > built ? `${where} is older than its sources` : undefined;
}

/**
 * `npm run build -w @zaplecze/web` into `outDir`; with `testPlugins`, VITE_TEST_PLUGINS=1 (the
 * fixture plugins join it), otherwise the production bundle exactly as `npm run build` makes it.
 */
export function runBuild(outDir: string, testPlugins: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    // vitest sets NODE_ENV=test, and Vite keeps an inherited NODE_ENV: without this the build would
    // be a development one (React's dev runtime, jsxDEV, source paths), unlike what users get.
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
    if (testPlugins) env.VITE_TEST_PLUGINS = '1';
    else delete env.VITE_TEST_PLUGINS;
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
 * Builds into a scratch directory, then copies the result over the build's directory: assets first
 * (their names are content hashes, so nothing is overwritten), index.html last. Assets of the
 * previous build stay, so a server that is already running (another test run, `npm start`) keeps
 * finding the chunks its cached index.html points at. The next plain `npm run build` empties
 * packages/web/dist again.
 */
async function buildInto(build: WebBuild): Promise<void> {
  const scratch = path.join(RESULTS_DIR, `.e2e-web-build-${process.pid}`);
  fs.rmSync(scratch, { recursive: true, force: true });
  try {
    await runBuild(scratch, build.testPlugins);
    fs.mkdirSync(build.dir, { recursive: true });
    for (const entry of fs.readdirSync(scratch)) {
      if (entry !== 'index.html')
        fs.cpSync(path.join(scratch, entry), path.join(build.dir, entry), { recursive: true });
    }
    const tmpIndex = path.join(build.dir, `.index.html.${process.pid}`);
    fs.copyFileSync(path.join(scratch, 'index.html'), tmpIndex);
    fs.renameSync(tmpIndex, indexOf(build));
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

async function withLock<T>(lock: string, fn: () => Promise<T>): Promise<T> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const deadline = Date.now() + LOCK_STALE_MS;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_STALE_MS) fs.rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`timed out waiting for ${lock}`);
      else await delay(250);
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

function readRunMarker(build: WebBuild): string | undefined {
  try {
    const data: unknown = JSON.parse(fs.readFileSync(build.marker, 'utf8'));
    return typeof data === 'object' && data && 'runId' in data && typeof data.runId === 'string'
      ? data.runId
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Builds `build` once per run when it is missing or stale. Test files run in parallel worker
 * processes, so the build is serialised by a lock directory, and the decision is taken once per run
 * (`runId`: the vitest main process): a source edited while the run is going does not trigger a
 * second build that would swap the assets under a file that is already running.
 */
async function ensureBuilt(build: WebBuild, runId: string): Promise<void> {
  const current = () => readRunMarker(build) === runId && fs.existsSync(indexOf(build));
  if (current()) return;
  await withLock(build.lock, async () => {
    if (current()) return;
    const reason = webBuildNeeded(build);
    if (reason) {
      const started = Date.now();
      console.log(`[e2e] ${reason}: building the web app...`);
      await buildInto(build);
      console.log(`[e2e] web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    fs.writeFileSync(build.marker, JSON.stringify({ runId, at: new Date().toISOString() }));
  });
}

/** The production bundle in packages/web/dist, built when missing or stale (the browser benches). */
export function ensureWebBuilt(runId: string = String(process.ppid)): Promise<void> {
  return ensureBuilt(PRODUCTION_BUILD, runId);
}

/**
 * The browser tests' bundle (E2E_WEB_DIST, with the fixture plugins' web parts), built when missing
 * or stale; the e2e servers serve it (e2e/support/e2e.ts).
 */
export function ensureE2eWebBuilt(runId: string = String(process.ppid)): Promise<void> {
  return ensureBuilt(E2E_BUILD, runId);
}
