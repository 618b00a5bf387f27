import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { SERVER_MAIN } from './compiled';

/**
 * `npm start`'s entry (packages/server/src/main.ts) as a child process, for the tests that need
 * the real cluster: several workers, the primary's locks and purges, restarts, exit codes.
 */

/** The repository root, where `npm start` runs. */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningMain {
  child: ChildProcess;
  url: string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Whether it answered before the deadline (false: it ended, or never served). */
  serving: boolean;
  /** What it wrote to stderr so far. */
  stderr(): string;
}

/**
 * Starts `npm start`'s entry with `env` (PORT and HOST set here) and answers once it serves and
 * `ready` holds, once it has ended, or after 100 s (starting the cluster takes seconds on
 * a quiet machine, far more on a busy one).
 */
export async function startMain(
  env: NodeJS.ProcessEnv,
  opts: { ready?: (child: ChildProcess) => Promise<boolean> } = {},
): Promise<RunningMain> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: repoRoot,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout?.resume();
  let ended = false;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      ended = true;
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const running = (serving: boolean): RunningMain => ({ child, url, exited, serving, stderr: () => stderr });
  for (const deadline = Date.now() + 100_000; Date.now() < deadline && !ended;) {
    try {
      if ((await fetch(`${url}/api/`)).ok && (!opts.ready || (await opts.ready(child)))) return running(true);
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return running(false);
}

/** Sends `signal` (SIGTERM: a graceful stop) and waits for the process to end. */
export async function stopMain(running: RunningMain, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return;
  running.child.kill(signal);
  await running.exited;
}

/**
 * The worker processes of a running `npm start` (children of the primary, tsx's esbuild service
 * left out) with their role: 'jobs' for the job worker (ZAPLECZE_PROCESS), 'http' for the others.
 */
export function workerProcesses(primaryPid: number): { pid: number; role: 'http' | 'jobs' }[] {
  const out: { pid: number; role: 'http' | 'jobs' }[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== primaryPid) continue;
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('esbuild')) continue;
      const environ = fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      out.push({ pid: Number(entry), role: environ.includes('ZAPLECZE_PROCESS=jobs') ? 'jobs' : 'http' });
    } catch {
      // ended meanwhile
    }
  }
  return out;
}
