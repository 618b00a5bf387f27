import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { TenantDb } from '../../db/tenant';

/**
 * The durable jobs' interface (docs/ARCHITECTURE.md, platform/jobs; docs/decisions.md, Jobs). One
 * implementation on both engines: the SQL that differs (claiming) lives in store.ts.
 */

/** What a caller asks for; the organisation is the TenantDb's it enqueues through. */
export interface EnqueueInput {
  /** 'core.<name>' for the core's jobs, '<pluginId>.<name>' for a plugin's. */
  kind: string;
  /** The plugin the job belongs to (its 429 pauses are per plugin and organisation). */
  pluginId?: string | null;
  /** Anything JSON can carry; the handler receives it parsed. */
  payload?: unknown;
  /** While a job of this organisation and kind with this key is pending or running, a second enqueue is a no-op. */
  dedupeKey?: string | null;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Attempts before the job is dead (default JOB_DEFAULTS.maxAttempts). */
  maxAttempts?: number;
}

/** The job as its handler sees it. */
export interface JobInfo {
  id: number;
  kind: string;
  orgId: number;
  pluginId: string | null;
  payload: unknown;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
}

export interface JobContext {
  job: JobInfo;
  /** The job's organisation's TenantDb: every query is already limited to it. */
  tdb: TenantDb;
  /** Sets the progress shown for the job (done of total). */
  progress(done: number, total: number): Promise<void>;
  /** Aborted when the worker stops (a shutdown) or the run's time is up: a long handler should give up. */
  signal: AbortSignal;
}

export type JobHandler = (ctx: JobContext) => Promise<void>;

export interface JobKindOptions {
  /**
   * The longest a run may take (default JOB_DEFAULTS.timeoutSeconds): then its signal is aborted
   * and the run counts as failed, so a handler that hangs (a call without a time limit) does not
   * hold its slot and its lease for ever.
   */
  timeoutSeconds?: number;
  /** Backoff after a failure: first delay and cap, in seconds (jittered). */
  backoff?: { firstSeconds: number; maxSeconds: number };
}

export interface JobKind extends JobKindOptions {
  kind: string;
  handler: JobHandler;
}

/**
 * Thrown by a handler when the service it calls answered 429 with Retry-After: only the
 * (plugin, organisation) of the job pauses until then, and the job is not counted as a failure.
 */
export class RetryAfterError extends Error {
  constructor(readonly seconds: number) {
    super(`Usługa poprosiła o ponowienie za ${seconds} s (429)`);
    this.name = 'RetryAfterError';
  }

  /**
   * From a Retry-After header: delta-seconds or an HTTP date; missing or unreadable: `fallback`
   * seconds. Kept between 1 s and a day, so a service's odd answer never pauses a seller for weeks.
   */
  static fromHeader(value: string | null | undefined, now = new Date(), fallback = 60): RetryAfterError {
    const text = (value ?? '').trim();
    let seconds = /^\d+$/.test(text) ? Number(text) : (Date.parse(text) - now.getTime()) / 1000;
    if (!Number.isFinite(seconds) || text === '') seconds = fallback;
    return new RetryAfterError(Math.min(Math.max(Math.ceil(seconds), 1), 86_400));
  }
}

/** The raw handle the engine works with across organisations (platform code only). */
export type JobsDb = Kysely<DB>;

export const JOB_DEFAULTS = {
  maxAttempts: 8,
  leaseSeconds: 60,
  backoff: { firstSeconds: 10, maxSeconds: 3600 },
  /** How often an idle worker looks for due jobs. */
  pollMs: 1000,
  /** Handlers running at once in one worker process. */
  concurrency: 8,
  /** The longest one run of a handler may take. */
  timeoutSeconds: 15 * 60,
  /** Done jobs are deleted after this many days. */
  keepDoneDays: 7,
  /**
   * How often the core's maintenance purges run (expired tokens, unclaimed uploads, the item filter
   * index's log; docs/operations.md): an unclaimed upload goes between one hour and about 1 h 10 min
   * after it came.
   */
  maintenanceEveryMinutes: 10,
} as const;

/** The plugin id a job's pauses are kept under: its plugin's, '' for the core. */
export const pauseScope = (pluginId: string | null | undefined): string => pluginId ?? '';
