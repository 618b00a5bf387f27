import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database';
import type { DB } from '../../db/schema';
import { TenantDb } from '../../db/tenant';
import { countJobRun } from '../metrics';
import { backoffMs, jobErrorText, redactError } from './rules';
import { JobStore, type ClaimedJob } from './store';
import { JOB_DEFAULTS, RetryAfterError, pauseScope, type JobContext, type JobKind } from './types';

export interface JobWorkerOptions {
  db: Kysely<DB>;
  engine: Engine;
  /** The engine's own bookkeeping, if not on `db` (PostgreSQL: openJobStorePostgres). */
  storeDb?: Kysely<DB>;
  /** The kinds this worker runs; it takes no job of another kind. */
  kinds: readonly JobKind[];
  /** Handlers running at once. */
  concurrency?: number;
  /** How often an idle worker looks for due jobs. */
  pollMs?: number;
  /** How long a taken job is leased; renewed every third of it while its handler runs. */
  leaseSeconds?: number;
  /** Strings never kept in a job's error (configured passwords). */
  secrets?: readonly string[];
  /** The clock (tests move it); claims, leases and backoff read it. */
  now?: () => Date;
  /** Where the worker's own failures go (a lost database); never job payloads. */
  log?: (message: string) => void;
}

/** How often the worker reaps expired leases and purges old done jobs (besides at start). */
const HOUSEKEEPING_MS = 5000;
const PURGE_EVERY_MS = 60 * 60_000;
/** After the grace of a stop, how long handlers get to end on their aborted signal. */
const ABORT_SETTLE_MS = 1000;
/** After a failed claim (the database away), the next try waits this long, doubling to the cap. */
const ERROR_BACKOFF_MS = { first: 500, max: 30_000 } as const;

/**
 * Takes due jobs and runs their handlers, up to `concurrency` at once (docs/decisions.md, Jobs).
 * A job is claimed with a lease that the worker renews while the handler runs; a worker that dies
 * stops renewing, and the job is taken again once its lease ends. Finished jobs are marked done
 * in one statement per turn of the event loop.
 */
export class JobWorker {
  readonly store: JobStore;
  private readonly kinds: Map<string, JobKind>;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly running = new Map<number, ClaimedJob>();
  /**
   * Taken and waiting for a free handler slot: the worker takes up to `concurrency` jobs ahead, so
   * that short jobs are claimed in batches (one claim statement per `concurrency` jobs or more).
   */
  private readonly queued: ClaimedJob[] = [];
  private finished: { id: number; token: string }[] = [];
  private flushing: Promise<void> | undefined;
  private flushQueued = false;
  private stopped = true;
  private wake: (() => void) | undefined;
  /** A handler ended since the loop last looked: it must not sleep through the freed slot. */
  private woken = false;
  private loopDone: Promise<void> = Promise.resolve();
  private readonly abort = new AbortController();
  private timers: NodeJS.Timeout[] = [];
  private lastPurge = 0;

  constructor(private readonly opts: JobWorkerOptions) {
    this.store = new JobStore(opts.storeDb ?? opts.db, opts.engine);
    this.kinds = new Map(opts.kinds.map((k) => [k.kind, k]));
    this.concurrency = opts.concurrency ?? JOB_DEFAULTS.concurrency;
    this.pollMs = opts.pollMs ?? JOB_DEFAULTS.pollMs;
    this.leaseMs = (opts.leaseSeconds ?? JOB_DEFAULTS.leaseSeconds) * 1000;
    this.now = opts.now ?? (() => new Date());
  }

  private readonly now: () => Date;

  private log(message: string): void {
    (this.opts.log ?? ((m) => console.error(m)))(message);
  }

  /** Starts taking jobs until `stop`. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const renew = setInterval(() => void this.renewLeases(), Math.max(100, this.leaseMs / 3));
    const housekeeping = setInterval(() => void this.housekeeping(), HOUSEKEEPING_MS);
    this.timers = [renew, housekeeping];
    void this.housekeeping();
    this.loopDone = this.loop();
  }

  /**
   * Stops taking jobs and gives back the ones taken ahead, then waits up to `graceMs` for the
   * running handlers to end (their jobs are done, or failed, as always). Then it aborts their
   * signal: a handler that ends on it within ABORT_SETTLE_MS gives its job back without counting
   * the attempt, to run again at once on any worker. A handler still running after that ignores its
   * signal: its job is given back to run a lease later (`runAt`), when this process is surely gone,
   * never while the handler might still be writing here (docs/operations.md, Shutdown).
   */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.wake?.();
    await this.loopDone;
    for (const job of this.queued.splice(0))
      await this.store.giveBack(job, this.now()).catch((err: unknown) => this.log(`jobs: ${redactError(err)}`));
    const deadline = Date.now() + graceMs;
    while (this.running.size > 0 && Date.now() < deadline) await sleep(20);
    this.abort.abort();
    const settled = Date.now() + ABORT_SETTLE_MS;
    while (this.running.size > 0 && Date.now() < settled) await sleep(20);
    await this.flush();
    const later = new Date(this.now().getTime() + this.leaseMs);
    for (const job of this.running.values()) {
      this.log(
        `jobs: job ${job.id} (${job.kind}) did not stop on its signal; it runs again after ${later.toISOString()}`,
      );
      await this.store
        .giveBack(job, later)
        .then(() => countJobRun(job.pluginId, 'given_back'))
        .catch((err: unknown) => this.log(`jobs: ${redactError(err)}`));
    }
  }

  /** Looks for due jobs now instead of at the next poll (a job was just enqueued: wake.ts). */
  wakeNow(): void {
    this.woken = true;
    this.wake?.();
  }

  /** Runs due jobs until none is left (tests and the benchmark); answers how many ran. */
  async drain(): Promise<number> {
    let ran = 0;
    for (;;) {
      const claimed = await this.store.claim([...this.kinds.keys()], this.concurrency, this.leaseMs, this.now());
      if (claimed.length === 0) break;
      ran += claimed.length;
      await Promise.all(claimed.map((job) => this.run(job)));
      await this.flush();
    }
    await this.flush();
    return ran;
  }

  private async loop(): Promise<void> {
    let errors = 0;
    while (!this.stopped) {
      // Whenever a slot is free the queue is empty, so `room` is then above `concurrency`.
      const room = 2 * this.concurrency - this.running.size - this.queued.length;
      const want = room >= this.concurrency ? room : 0;
      let claimed = 0;
      if (want > 0) {
        try {
          const jobs = await this.store.claim([...this.kinds.keys()], want, this.leaseMs, this.now());
          claimed = jobs.length;
          this.queued.push(...jobs);
          this.pump();
          errors = 0;
        } catch (err) {
          errors++;
          this.log(`jobs: claim failed: ${redactError(err, this.opts.secrets)}`);
          await sleep(Math.min(ERROR_BACKOFF_MS.first * 2 ** (errors - 1), ERROR_BACKOFF_MS.max));
          continue;
        }
      }
      // Work left: go on as soon as a slot frees (or at once); nothing due: wait for the poll.
      if (want > 0 && claimed === want) continue;
      if (this.woken) {
        this.woken = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  /** Starts queued jobs while a handler slot is free. */
  private pump(): void {
    while (!this.stopped && this.running.size < this.concurrency && this.queued.length > 0)
      void this.run(this.queued.shift()!);
  }

  private async run(job: ClaimedJob): Promise<void> {
    this.running.set(job.id, job);
    const kind = this.kinds.get(job.kind);
    const own = new AbortController();
    try {
      if (!kind) throw new Error(`no handler for job kind ${job.kind}`);
      const ctx: JobContext = {
        job: {
          id: job.id,
          kind: job.kind,
          orgId: job.orgId,
          pluginId: job.pluginId,
          payload: JSON.parse(job.payload) as unknown,
          attempt: job.attempts,
          maxAttempts: job.maxAttempts,
        },
        tdb: new TenantDb(this.opts.db, job.orgId),
        progress: (done, total) => this.store.progress(job, done, total),
        signal: AbortSignal.any([this.abort.signal, own.signal]),
      };
      await withTimeout(kind.handler(ctx), (kind.timeoutSeconds ?? JOB_DEFAULTS.timeoutSeconds) * 1000, own);
      this.finished.push({ id: job.id, token: job.token });
      this.running.delete(job.id);
      countJobRun(job.pluginId, 'done');
      this.scheduleFlush();
    } catch (err) {
      await this.settleFailure(job, kind, err).catch((e: unknown) =>
        this.log(`jobs: could not record the end of job ${job.id}: ${redactError(e, this.opts.secrets)}`),
      );
      this.running.delete(job.id);
    }
    this.pump();
    this.woken = true;
    this.wake?.();
  }

  private async settleFailure(job: ClaimedJob, kind: JobKind | undefined, err: unknown): Promise<void> {
    const now = this.now();
    if (err instanceof RetryAfterError) {
      const until = new Date(now.getTime() + Math.max(1, err.seconds) * 1000);
      await this.store.pause(job, pauseScope(job.pluginId), until);
      countJobRun(job.pluginId, 'paused');
      return;
    }
    if (this.abort.signal.aborted) {
      await this.store.giveBack(job, now);
      countJobRun(job.pluginId, 'given_back');
      return;
    }
    const delay = backoffMs(job.attempts, kind?.backoff ?? JOB_DEFAULTS.backoff);
    // The seller sees a Polish sentence for a database's or the runtime's error; the operator's log
    // keeps what it said.
    const shown = jobErrorText(err, this.opts.secrets);
    const own = redactError(err, this.opts.secrets);
    if (shown !== own) this.log(`jobs: job ${job.id} (${job.kind}) failed: ${own}`);
    countJobRun(job.pluginId, await this.store.fail(job, shown, new Date(now.getTime() + delay), now));
  }

  /** Marks the jobs finished so far done: one statement for all that finished in this turn. */
  private scheduleFlush(): void {
    if (this.flushQueued) return;
    this.flushQueued = true;
    setImmediate(() => {
      this.flushQueued = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    const batch = this.finished;
    if (batch.length === 0) return;
    this.finished = [];
    this.flushing = this.store
      .complete(batch, this.now())
      .catch((err: unknown) => {
        // Not marked done: their leases end and they run again (at least once, never lost).
        this.log(`jobs: could not mark ${batch.length} job(s) done: ${redactError(err, this.opts.secrets)}`);
      })
      .finally(() => (this.flushing = undefined));
    await this.flushing;
  }

  private async renewLeases(): Promise<void> {
    const tokens = [...new Set([...this.running.values(), ...this.queued].map((j) => j.token))];
    await this.store
      .renew(tokens, new Date(this.now().getTime() + this.leaseMs))
      .catch((err: unknown) => this.log(`jobs: lease renewal failed: ${redactError(err, this.opts.secrets)}`));
  }

  private async housekeeping(): Promise<void> {
    try {
      const now = this.now();
      await this.store.reapExpiredLeases(now);
      if (now.getTime() - this.lastPurge >= PURGE_EVERY_MS) {
        this.lastPurge = now.getTime();
        await this.store.purge(new Date(now.getTime() - JOB_DEFAULTS.keepDoneDays * 86_400_000), now);
      }
    } catch (err) {
      this.log(`jobs: housekeeping failed: ${redactError(err, this.opts.secrets)}`);
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The text kept on a run that took longer than its kind allows. */
export const TIMEOUT_ERROR = 'Zadanie trwało zbyt długo i zostało przerwane.';

/** `run`, or a failure once `ms` have passed (then `own` is aborted, for the handler to stop). */
async function withTimeout(run: Promise<void>, ms: number, own: AbortController): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      own.abort();
      reject(new Error(TIMEOUT_ERROR));
    }, ms);
  });
  try {
    await Promise.race([run, late]);
  } finally {
    clearTimeout(timer);
  }
}
