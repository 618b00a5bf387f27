import { HEALTH_MSG } from './messages.pl';

/**
 * The readiness of one server process (GET /api/ready; docs/operations.md, Health and readiness):
 * a few checks, each a promise that throws when its part is not ready. Cheap to ask often:
 *
 * - concurrent probes share one evaluation, and a check whose last run has not settled yet (a
 *   stalled database) is waited for again instead of started a second time, so probes never pile
 *   statements up on the pool;
 * - a check may be believed for a while once it passed (`okForMs`: the migrations for the rest of
 *   the process, the storage for a second), a failure never is;
 * - a check may need another one (`needs`): the migrations are not read from a database that does
 *   not answer, and only the database is then reported;
 * - each run is given `timeoutMs`; one that takes longer counts as failed (it goes on in the
 *   background, and the next probe waits for it).
 *
 * Once the process begins to shut down (`stopping`), every probe fails at once.
 */

/** A check's failure whose message is the answer's Polish text (any other error: its failedText). */
export class NotReady extends Error {}

export interface ReadinessCheck {
  /** Its name in the answer's `failed` list: database, migrations, storage. */
  name: string;
  /** The Polish text of a failure that is not a NotReady (a driver's or the file system's error). */
  failedText: string;
  /** Passes, or throws (a NotReady with its own text, or any error). */
  run(): Promise<void>;
  /** How long a pass is believed, ms (Infinity: for the rest of the process). */
  okForMs: number;
  /** A check that must pass first; while it fails this one is not run (nor reported). */
  needs?: string;
}

export type ReadyAnswer = { ready: true } | { ready: false; failed: { name: string; text: string; cause?: unknown }[] };

/** A check may take this long before it counts as failed (a probe answers within about this). */
export const READY_CHECK_TIMEOUT_MS = 2000;

export class Readiness {
  /** Set when the process begins to shut down: from then on every probe answers not ready. */
  stopping = false;
  private readonly okUntil = new Map<string, number>();
  /** Each check's run that has not settled yet. */
  private readonly running = new Map<string, Promise<void>>();
  private evaluation: Promise<ReadyAnswer> | undefined;

  constructor(
    private readonly checks: readonly ReadinessCheck[],
    private readonly timeoutMs = READY_CHECK_TIMEOUT_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  check(): Promise<ReadyAnswer> {
    if (this.stopping) return Promise.resolve({ ready: false, failed: [{ name: 'shutdown', text: '' }] });
    this.evaluation ??= this.evaluate().finally(() => (this.evaluation = undefined));
    return this.evaluation;
  }

  private async evaluate(): Promise<ReadyAnswer> {
    const failed: { name: string; text: string; cause?: unknown }[] = [];
    const outcome = new Map<string, Promise<boolean>>();
    const runOne = async (c: ReadinessCheck): Promise<boolean> => {
      if (c.needs && !(await outcome.get(c.needs))) return false;
      if ((this.okUntil.get(c.name) ?? -Infinity) > this.now()) return true;
      try {
        await this.withinTime(c);
        this.okUntil.set(c.name, this.now() + c.okForMs);
        return true;
      } catch (err) {
        this.okUntil.delete(c.name);
        failed.push({ name: c.name, text: err instanceof NotReady ? err.message : c.failedText, cause: err });
        return false;
      }
    };
    for (const c of this.checks) outcome.set(c.name, runOne(c));
    await Promise.all(outcome.values());
    if (this.stopping) return { ready: false, failed: [{ name: 'shutdown', text: '' }] };
    // In the order of the checks, whatever order they failed in.
    const order = this.checks.map((c) => c.name);
    failed.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
    return failed.length === 0 ? { ready: true } : { ready: false, failed };
  }

  /** The check's unsettled run, or a new one, given at most `timeoutMs`. */
  private async withinTime(c: ReadinessCheck): Promise<void> {
    let run = this.running.get(c.name);
    if (!run) {
      run = c.run().finally(() => this.running.delete(c.name));
      // Settles unobserved after a timeout: its failure is the next probe's to report.
      run.catch(() => undefined);
      this.running.set(c.name, run);
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<typeof LATE>((resolve) => {
      timer = setTimeout(() => resolve(LATE), this.timeoutMs);
    });
    try {
      if ((await Promise.race([run, late])) === LATE)
        throw new NotReady(HEALTH_MSG.timedOut(c.failedText, this.timeoutMs));
    } finally {
      clearTimeout(timer);
    }
  }
}

const LATE = Symbol('late');
