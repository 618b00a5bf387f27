import cluster from 'node:cluster';

/**
 * Waking the job worker when a job is enqueued (docs/decisions.md, Jobs: "Woken on enqueue"): an
 * idle job worker looks for due jobs every JOBS_POLL_MS (1 s); a job a request enqueues for now
 * (a receipt to print while the cashier waits, an invoice to send) starts at once instead. An HTTP
 * worker tells the primary after the enqueue's commit, the primary passes it to the job worker,
 * which claims at once. A message lost (a restart) costs only the poll's wait; other nodes on the
 * same PostgreSQL database still find the job at their poll.
 */
const WAKE = 'zaplecze:jobs:wake';

const isWake = (m: unknown) => typeof m === 'object' && m !== null && (m as { type?: unknown }).type === WAKE;

/** In a cluster worker: asks the job worker to look for due jobs now. Elsewhere nothing. */
export function wakeJobWorker(): void {
  if (!cluster.isWorker || typeof process.send !== 'function' || !process.connected) return;
  try {
    process.send({ type: WAKE });
  } catch {
    // The channel is closing (a shutdown): the job worker's poll finds the job.
  }
}

/** Primary side (main.ts): passes a wake from any worker to the job worker `jobWorker()` names. */
export function relayJobWakes(
  jobWorker: () => { send(m: unknown): boolean; isConnected(): boolean } | undefined,
): void {
  cluster.on('message', (_from, m: unknown) => {
    if (!isWake(m)) return;
    const w = jobWorker();
    if (w?.isConnected()) w.send({ type: WAKE });
  });
}

/** Job worker side: `wake` runs on every wake passed on by the primary. */
export function onJobWake(wake: () => void): void {
  process.on('message', (m: unknown) => {
    if (isWake(m)) wake();
  });
}
