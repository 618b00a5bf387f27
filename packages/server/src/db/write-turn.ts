import cluster, { type Worker } from 'node:cluster';

/**
 * Turns at SQLite's write lock for the worker processes of `npm start`, handed out first come,
 * first served by the primary (docs/performance.md, "SQLite writes from several workers").
 *
 * SQLite has one writer at a time. A process whose `begin immediate` finds the lock taken waits
 * inside the driver (busy_timeout), sleeping 1, 2, 5, 10, ... up to 100 ms between tries with its
 * whole event loop stopped, while the holder's process may take the lock again and again: with
 * many readers writing at once, a few writes waited 150 ms and more. With a turn asked of the
 * primary first, a worker waits without blocking, and is woken the moment the write before it ends.
 *
 * Outside a cluster (tests, the CLI, WEB_CONCURRENCY=1) there is nothing to take: a process's
 * transactions already run one at a time on its single connection, and the busy timeout still
 * covers another process (a CLI run, a backup) that holds the lock.
 */
const ASK = 'zaplecze:write-turn:ask';
const GIVEN = 'zaplecze:write-turn:given';
const DONE = 'zaplecze:write-turn:done';
const TAKEN_BACK = 'zaplecze:write-turn:taken-back';
/**
 * How long a worker may keep a turn while another waits. A turn is advisory (SQLite's own lock
 * keeps writes correct), so the primary may take it back: a worker that keeps its turn and then
 * computes for a while (a PDF after the commit) holds nobody up for longer than this.
 */
const LEASE_MS = 25;
/** Waited for a turn this long, a write goes ahead and leaves it to SQLite's busy timeout. */
const TURN_WAIT_MS = 10_000;

interface TurnMessage {
  type: string;
  id: number;
}
const isTurnMessage = (m: unknown): m is TurnMessage =>
  typeof m === 'object' && m !== null && typeof (m as TurnMessage).type === 'string' && 'id' in m;

let nextId = 1;
const waiting = new Map<number, () => void>();
let listening = false;

/** Whether this process takes turns (a worker of the cluster). */
export const takesWriteTurns = (): boolean => cluster.isWorker && typeof process.send === 'function';

/** Writes one turn may serve when they follow each other closely (see takeWriteTurn). */
const WRITES_PER_TURN = 16;
/** The turn this worker holds: its id, its end, and how many writes it has served. */
let held: { id: number; end: () => void; writes: number } | undefined;
let idleCheck: NodeJS.Immediate | undefined;

/**
 * Waits for this process's turn at the write lock; call the answer exactly once when the write
 * ends. A turn is kept for the next write of this worker if that one begins before the event loop
 * comes round again (a busy worker's writes queue on its connection, so the next one usually
 * begins at once), up to WRITES_PER_TURN writes and, while another worker waits, LEASE_MS: under
 * load, one exchange with the primary serves many writes, and the other worker waits little.
 */
export async function takeWriteTurn(): Promise<() => void> {
  if (!takesWriteTurns()) return () => {};
  if (idleCheck) {
    clearImmediate(idleCheck);
    idleCheck = undefined;
  }
  if (held && held.writes >= WRITES_PER_TURN) {
    held.end();
    held = undefined;
  }
  if (!held) held = await askTurn();
  held.writes++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    idleCheck = setImmediate(() => {
      idleCheck = undefined;
      held?.end();
      held = undefined;
    });
  };
}

/** One turn asked of the primary; `end` gives it back. */
function askTurn(): Promise<{ id: number; end: () => void; writes: number }> {
  if (!listening) {
    listening = true;
    process.on('message', (m: unknown) => {
      if (!isTurnMessage(m)) return;
      if (m.type === GIVEN) waiting.get(m.id)?.();
      // Taken back while kept: the next write asks again (the one running, if any, is still
      // guarded by SQLite's lock).
      else if (m.type === TAKEN_BACK && held?.id === m.id) held = undefined;
    });
  }
  const id = nextId++;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    waiting.delete(id);
    process.send!({ type: DONE, id });
  };
  return new Promise((resolve) => {
    // Given late, or never: the write goes ahead anyway (SQLite's busy timeout still guards the
    // lock), and `end` takes the place out of the primary's queue whenever it comes.
    const timer = setTimeout(() => resolve({ id, end, writes: 0 }), TURN_WAIT_MS);
    waiting.set(id, () => {
      clearTimeout(timer);
      waiting.delete(id);
      resolve({ id, end, writes: 0 });
    });
    process.send!({ type: ASK, id });
  });
}

/** Primary side (main.ts): hands out the turns, and takes back those of a worker that ended. */
export function handOutWriteTurns(): void {
  const queue: { worker: Worker; id: number }[] = [];
  let holder: { worker: Worker; id: number } | undefined;
  let lease: NodeJS.Timeout | undefined;
  const next = () => {
    while (!holder && queue.length > 0) {
      const candidate = queue.shift()!;
      if (!candidate.worker.isConnected()) continue;
      holder = candidate;
      candidate.worker.send({ type: GIVEN, id: candidate.id });
    }
    // Someone waits: the holder keeps the turn at most LEASE_MS more.
    if (holder && queue.length > 0 && !lease) {
      const kept = holder;
      lease = setTimeout(() => {
        lease = undefined;
        if (holder !== kept) return;
        holder = undefined;
        if (kept.worker.isConnected()) kept.worker.send({ type: TAKEN_BACK, id: kept.id });
        next();
      }, LEASE_MS);
    } else if (lease && (!holder || queue.length === 0)) {
      clearTimeout(lease);
      lease = undefined;
    }
  };
  cluster.on('message', (worker, m: unknown) => {
    if (!isTurnMessage(m)) return;
    if (m.type === ASK) queue.push({ worker, id: m.id });
    else if (m.type === DONE) {
      if (holder?.worker === worker && holder.id === m.id) {
        holder = undefined;
        if (lease) clearTimeout(lease);
        lease = undefined;
      } else {
        // Ended before it was given (the wait timed out): out of the queue.
        const at = queue.findIndex((q) => q.worker === worker && q.id === m.id);
        if (at >= 0) queue.splice(at, 1);
      }
    }
    next();
  });
  cluster.on('exit', (worker) => {
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i]!.worker === worker) queue.splice(i, 1);
    if (holder?.worker === worker) {
      holder = undefined;
      if (lease) clearTimeout(lease);
      lease = undefined;
    }
    next();
  });
}
