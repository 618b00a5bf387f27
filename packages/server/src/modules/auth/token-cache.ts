import cluster, { type Worker } from 'node:cluster';
import { performance } from 'node:perf_hooks';
import { announceForget } from '../../platform/cache-bus';
import { bumpCacheGeneration, cacheGeneration } from '../../platform/cache-generation';

/**
 * The signed-in user of a token, kept in this process for at most TOKEN_CACHE_MS after it was read
 * (docs/decisions.md, "Token check cache"). Every signed-in call checks its token first, and that
 * query was most of a cheap call's cost (the order reader's scans: docs/performance.md). Expiry is
 * still checked on every call against the kept `valid_to`.
 *
 * Any change of a token or a user (sign-out, extension, password change, permissions, removal)
 * forgets every kept token of this process and, under `npm start`'s cluster, tells the other
 * workers through the primary to do the same, and on PostgreSQL every process of every node through
 * the database (platform/cache-bus.ts), so such a change takes effect at once on every node. A
 * change made outside these processes (straight in the database) takes effect within TOKEN_CACHE_MS.
 */
export const TOKEN_CACHE_MS = 1000;
/** Kept tokens per database handle; the oldest goes first beyond this. */
const MAX_KEPT = 10_000;

interface Kept<T> {
  value: T;
  at: number;
  /** The cache generation it was read in (platform/cache-generation.ts, bumped by every forget). */
  generation: number;
}

const byDatabase = new WeakMap<object, Map<string, Kept<unknown>>>();

/** The kept value of `tokenHash` on database handle `db`, if fresh. */
export function keptToken<T>(db: object, tokenHash: string): T | undefined {
  const kept = byDatabase.get(db)?.get(tokenHash);
  if (!kept || kept.generation !== cacheGeneration() || performance.now() - kept.at > TOKEN_CACHE_MS) return undefined;
  return kept.value as T;
}

/**
 * Keeps `value` (the token's row as read) for `tokenHash`; `readGeneration` is tokenGeneration()
 * taken before the read, so a row read before a forget is never kept after it.
 */
export function keepToken<T>(db: object, tokenHash: string, value: T, readGeneration: number): void {
  if (readGeneration !== cacheGeneration()) return;
  let kept = byDatabase.get(db);
  if (!kept) byDatabase.set(db, (kept = new Map()));
  kept.delete(tokenHash);
  kept.set(tokenHash, { value, at: performance.now(), generation: readGeneration });
  if (kept.size > MAX_KEPT) {
    const oldest = kept.keys().next();
    if (!oldest.done) kept.delete(oldest.value);
  }
}

export function tokenGeneration(): number {
  return cacheGeneration();
}

/**
 * Forgets every kept token of this process and of the cluster's other workers; resolves once every
 * other worker has forgotten them too (or after TOKEN_CACHE_MS, when their kept tokens are stale
 * anyway), so the answer of a sign-out or a permission change reaches its client only after no
 * worker would accept the old token or permissions.
 */
export async function forgetTokens(): Promise<void> {
  bumpCacheGeneration();
  // Other nodes on the same PostgreSQL database (and this machine's other processes again) through
  // the database: platform/cache-bus.ts. Both waits run at once.
  await Promise.all([announceForget(), forgetInCluster()]);
}

function forgetInCluster(): Promise<void> {
  if (!cluster.isWorker || typeof process.send !== 'function') return Promise.resolve();
  listen();
  const id = nextForget++;
  return new Promise((resolve) => {
    const timer = setTimeout(done, TOKEN_CACHE_MS);
    function done() {
      clearTimeout(timer);
      forgetting.delete(id);
      resolve();
    }
    forgetting.set(id, done);
    process.send!({ type: FORGET, id });
  });
}

const FORGET = 'zaplecze:tokens:forget';
const FORGOT = 'zaplecze:tokens:forgot';
const FORGOTTEN = 'zaplecze:tokens:forgotten';
/** A worker's first word: it now answers forgets (it has kept nothing before). */
const LISTENING = 'zaplecze:tokens:listening';
interface ForgetMessage {
  type: string;
  id: number;
  /** The pid of the worker that asked. */
  from?: number;
}
const isForgetMessage = (m: unknown): m is ForgetMessage =>
  typeof m === 'object' && m !== null && typeof (m as ForgetMessage).type === 'string' && 'id' in m;

let nextForget = 1;
const forgetting = new Map<number, () => void>();
let listening = false;

/** Worker side: forgets announced by other workers, and the primary's word that all have forgotten. */
function listen(): void {
  if (listening) return;
  listening = true;
  process.on('message', (m: unknown) => {
    if (!isForgetMessage(m)) return;
    if (m.type === FORGET) {
      bumpCacheGeneration();
      process.send!({ type: FORGOT, id: m.id, from: m.from });
    } else if (m.type === FORGOTTEN) forgetting.get(m.id)?.();
  });
  process.send?.({ type: LISTENING, id: 0 });
}
if (cluster.isWorker) listen();

/** Primary side (main.ts): passes a worker's forget to the others and tells it when all have it. */
export function relayTokenForgets(): void {
  const waiting = new Map<string, { origin: Worker; left: Set<Worker> }>();
  // Workers that answer forgets. One still starting is sent the forget too, but not waited for:
  // until it listens it has kept nothing, and the first forget after a start would otherwise wait
  // the whole TOKEN_CACHE_MS for an answer that never comes.
  const answering = new WeakSet<Worker>();
  const settle = (key: string, id: number) => {
    const w = waiting.get(key);
    if (!w || w.left.size > 0) return;
    waiting.delete(key);
    if (w.origin.isConnected()) w.origin.send({ type: FORGOTTEN, id });
  };
  cluster.on('message', (from, m: unknown) => {
    if (!isForgetMessage(m)) return;
    if (m.type === LISTENING) answering.add(from);
    else if (m.type === FORGET) {
      const key = `${from.process.pid}:${m.id}`;
      const others = Object.values(cluster.workers ?? {}).filter(
        (w): w is Worker => !!w && w !== from && w.isConnected(),
      );
      waiting.set(key, { origin: from, left: new Set(others.filter((w) => answering.has(w))) });
      for (const w of others) w.send({ type: FORGET, id: m.id, from: from.process.pid });
      settle(key, m.id);
    } else if (m.type === FORGOT) {
      const key = `${m.from}:${m.id}`;
      waiting.get(key)?.left.delete(from);
      settle(key, m.id);
    }
  });
  cluster.on('exit', (gone) => {
    for (const [key, w] of waiting) {
      w.left.delete(gone);
      settle(key, Number(key.split(':')[1]));
    }
  });
}
