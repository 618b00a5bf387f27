import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { countAttempts } from '../../platform/rate-limit';

/** The window of API_TOKEN_RATE_PER_MINUTE. */
export const API_TOKEN_WINDOW_MS = 60_000;

/**
 * Calls one process takes from a token's allowance at a time: the shared counter is written once per
 * block, not once per call. Small limits go one call at a time (exact under any number of processes);
 * 600 a minute goes 20 at a time.
 */
export function blockSize(perMinute: number): number {
  return Math.max(1, Math.min(20, Math.floor(perMinute / 30)));
}

interface Lease {
  /** Calls of the block still to be served here. */
  left: number;
  /** The shared window's end, ms. */
  windowEnd: number;
  /** Set when the shared counter said the window is used up: refuse locally until windowEnd. */
  spent: boolean;
}

interface Leases {
  byToken: Map<number, Lease>;
  /** A block being taken from the shared counter, per token: the calls that find none wait for it. */
  taking: Map<number, Promise<void>>;
}

/** Leases of this process, per database handle (tests run several servers in one process) and token. */
const leases = new WeakMap<object, Leases>();
/** Leases kept per database handle; ended ones are dropped first, then the oldest. */
const MAX_LEASES = 10_000;

/**
 * The per-token limit (docs/decisions.md, API tokens): at most `perMinute` calls of one token in a
 * window of a minute that starts at its first call, over every process and server that shares the
 * database. Each process takes blocks of blockSize(perMinute) calls from the shared counter in
 * `rate_counters` (platform/rate-limit.ts, one atomic upsert per block), one block at a time per
 * token, and serves them from memory; a block that finds the window used up makes the process
 * refuse that token without asking again until the window ends. The shared counter never hands out
 * more than `perMinute` calls, so no window ever serves more; another process's unused block may
 * make a call be refused a little early (fewer than one block per other process).
 *
 * Answers undefined when the call may go ahead, or the seconds to wait (Retry-After, at least 1).
 */
export async function takeApiTokenCall(
  db: Kysely<DB>,
  tokenId: number,
  perMinute: number,
  now: Date,
): Promise<number | undefined> {
  const nowMs = now.getTime();
  let mine = leases.get(db);
  if (!mine) leases.set(db, (mine = { byToken: new Map(), taking: new Map() }));
  for (;;) {
    const lease = mine.byToken.get(tokenId);
    if (lease && lease.windowEnd > nowMs) {
      if (lease.spent) return waitSeconds(lease.windowEnd, nowMs);
      if (lease.left > 0) {
        lease.left--;
        return undefined;
      }
    }
    const taking = mine.taking.get(tokenId);
    if (taking) {
      await taking;
      continue;
    }
    const block = takeBlock(db, mine, tokenId, perMinute, now);
    mine.taking.set(tokenId, block);
    try {
      await block;
    } finally {
      mine.taking.delete(tokenId);
    }
  }
}

/** Takes one block of calls from the shared counter into this process's lease of the token. */
async function takeBlock(db: Kysely<DB>, mine: Leases, tokenId: number, perMinute: number, now: Date): Promise<void> {
  const block = blockSize(perMinute);
  const { attempts, windowEnd } = await countAttempts(db, `api-token:${tokenId}`, block, API_TOKEN_WINDOW_MS, now);
  const usable = Math.max(0, Math.min(block, perMinute - (attempts - block)));
  mine.byToken.delete(tokenId);
  mine.byToken.set(tokenId, { left: usable, windowEnd: windowEnd.getTime(), spent: usable === 0 });
  if (mine.byToken.size > MAX_LEASES) prune(mine.byToken, now.getTime());
}

function waitSeconds(windowEnd: number, nowMs: number): number {
  return Math.max(1, Math.ceil((windowEnd - nowMs) / 1000));
}

function prune(mine: Map<number, Lease>, nowMs: number): void {
  for (const [id, lease] of mine) if (lease.windowEnd <= nowMs) mine.delete(id);
  while (mine.size > MAX_LEASES) {
    const oldest = mine.keys().next();
    if (oldest.done) break;
    mine.delete(oldest.value);
  }
}
