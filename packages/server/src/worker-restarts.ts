/**
 * When the primary starts a worker again after one ended (main.ts). A worker that ends soon after
 * it started (the database unreachable at start-up, a crash on every request) would otherwise be
 * restarted in a tight loop that eats the machine: the first restart waits `firstMs`, each further
 * quick end doubles the wait up to `maxMs`, and a worker that stayed up `stableMs` resets it.
 */
export const WORKER_RESTART = { firstMs: 1000, maxMs: 30_000, stableMs: 60_000 } as const;

export class WorkerRestarts {
  /** Workers in a row that ended before they were stable. */
  private quickEnds = 0;

  constructor(private readonly policy: { firstMs: number; maxMs: number; stableMs: number } = WORKER_RESTART) {}

  /** The wait before starting the next worker, given how long the one that ended had run. */
  delayAfter(livedMs: number): number {
    if (livedMs >= this.policy.stableMs) this.quickEnds = 0;
    const delay = Math.min(this.policy.firstMs * 2 ** this.quickEnds, this.policy.maxMs);
    if (livedMs < this.policy.stableMs) this.quickEnds++;
    return delay;
  }
}
