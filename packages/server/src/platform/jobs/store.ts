import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { openPostgres, type Database, type Engine, type PostgresLimits } from '../../db/database';
import type { DB } from '../../db/schema';

/**
 * The job engine's statements across organisations (platform code only; handlers get a TenantDb).
 * Claiming is the one statement that differs by engine: PostgreSQL skips rows another node has
 * locked (FOR UPDATE SKIP LOCKED), SQLite has one writer at a time anyway.
 *
 * On SQLite every write runs in a transaction (`write`): that is what takes the worker's turn at
 * the write lock from the primary (db/write-turn.ts), as the HTTP workers' writes do, so the job
 * worker queues with them instead of sleeping in SQLite's busy handler.
 */

/**
 * PostgreSQL: the pool the job engine's own bookkeeping runs on (claims, done marks, leases,
 * progress), with `synchronous_commit = off`: those commits do not wait for the WAL flush, which
 * is most of their time. A crash of the database can lose the last fraction of a second of them,
 * and every such loss leaves a job to run again, never a job lost: a lost claim is a pending job, a
 * lost done mark a lease that runs out (the jobs are at least once; docs/decisions.md, Jobs). The
 * handlers' own writes and every enqueue (the callers' transactions) keep the normal commit.
 */
export function openJobStorePostgres(url: string, limits: PostgresLimits): Database {
  const database = openPostgres(url, 3, limits, 'jobs');
  database.pgPool!.on('connect', (client) => {
    client.query('set synchronous_commit = off').catch(() => undefined);
  });
  return database;
}

/** Jobs not yet done per plugin ('core' for the core's) and state: the metrics' queue depth. */
export interface QueueDepthRow {
  plugin: string;
  state: 'pending' | 'running' | 'dead';
  jobs: number;
}

/**
 * The job queue's depth across every organisation (docs/operations.md, Metrics): pending, running
 * and dead jobs per plugin. One select per state, so that pending and running jobs are counted from
 * their partial indexes' rows and the days of done jobs are never read for them.
 */
export async function queueDepth(db: Kysely<DB>): Promise<QueueDepthRow[]> {
  // Literals, not parameters: a partial index is used only for a predicate known when planning.
  const of = (state: QueueDepthRow['state']) => sql`select coalesce(plugin_id, 'core') as plugin,
    ${sql.lit(state)} as state, count(*) as jobs from jobs where state = ${sql.lit(state)}
    group by coalesce(plugin_id, 'core')`;
  const r = await sql<{ plugin: string; state: QueueDepthRow['state']; jobs: number }>`${of('pending')}
    union all ${of('running')} union all ${of('dead')}`.execute(db);
  return r.rows.map((row) => ({ plugin: row.plugin, state: row.state, jobs: Number(row.jobs) }));
}

/** A claimed job as the worker holds it. */
export interface ClaimedJob {
  id: number;
  orgId: number;
  pluginId: string | null;
  kind: string;
  payload: string;
  attempts: number;
  maxAttempts: number;
  token: string;
}

/** The text kept on a job whose worker stopped answering while it had attempts left no more. */
export const LEASE_LOST_ERROR = 'Proces wykonujący zadanie przestał odpowiadać (minął czas dzierżawy).';

export class JobStore {
  /** The organisation the last claim ended with: the next one starts after it (fairness). */
  private lastOrg = 0;

  constructor(
    readonly db: Kysely<DB>,
    readonly engine: Engine,
  ) {}

  /** One write: in a transaction on SQLite (the write turn), as it is on PostgreSQL. */
  write<R>(fn: (db: Kysely<DB> | Transaction<DB>) => Promise<R>): Promise<R> {
    return this.engine === 'sqlite' ? this.db.transaction().execute(fn) : fn(this.db);
  }

  /**
   * Takes up to `limit` due jobs of `kinds` (none of a paused plugin and organisation) for `leaseMs`,
   * fairly across organisations: the due jobs are walked organisation by organisation (each one's
   * oldest first) starting after the organisation the previous claim ended with, and from the
   * lowest again when those run out. One organisation's 10,000 queued jobs then hold up another's
   * by one claim at most, while a lone organisation still gets whole claims (docs/decisions.md,
   * Jobs: fair claims across organisations). The cursor is this store's, i.e. per worker process.
   */
  async claim(kinds: readonly string[], limit: number, leaseMs: number, now = new Date()): Promise<ClaimedJob[]> {
    if (kinds.length === 0 || limit <= 0) return [];
    const cursor = this.lastOrg;
    const token = randomUUID();
    const nowIso = now.toISOString();
    const lease = new Date(now.getTime() + leaseMs).toISOString();
    // The due jobs of the organisations `orgs` selects, in the order of migration 0029's index
    // (org_id, run_at, id among pending jobs): the first rows of an index range, never a sort.
    const due = (orgs: RawBuilder<unknown>, take: RawBuilder<unknown> | number) => sql`select j.id from jobs j
      where j.state = 'pending' and ${orgs} and j.run_at <= ${nowIso} and j.kind in (${sql.join(kinds)})
      and not exists (select 1 from job_pauses p where p.org_id = j.org_id
        and p.plugin_id = coalesce(j.plugin_id, '') and p."until" > ${nowIso})
      order by j.org_id, j.run_at, j.id limit ${take}`;
    const after = sql`j.org_id > ${cursor}`;
    const upTo = sql`j.org_id <= ${cursor}`;
    const set = sql`state = 'running', attempts = attempts + 1, lease_until = ${lease}, lease_token = ${token}`;
    const returning = sql`returning jobs.id, jobs.org_id, jobs.plugin_id, jobs.kind, jobs.payload, jobs.attempts,
      jobs.max_attempts`;
    type Row = {
      id: number;
      org_id: number;
      plugin_id: string | null;
      kind: string;
      payload: string;
      attempts: number;
      max_attempts: number;
    };
    // PostgreSQL: one statement; the due rows locked by another node's claim are skipped, not
    // waited for, and the wrap-around takes only what the organisations after the cursor left.
    // SQLite: two statements in one write turn (the write lock makes the claim one at a time).
    const rows = await this.write(async (db) => {
      if (this.engine === 'postgres') {
        const wrap = sql`greatest(${limit} - (select count(*) from a), 0)`;
        return (
          await sql<Row>`with a as (${due(after, limit)} for update skip locked),
            b as (${due(upTo, wrap)} for update skip locked)
            update jobs set ${set} from (select id from a union all select id from b) c where jobs.id = c.id
            ${returning}`.execute(db)
        ).rows;
      }
      const first = (await sql<Row>`update jobs set ${set} where id in (${due(after, limit)}) ${returning}`.execute(db))
        .rows;
      if (first.length >= limit || cursor === 0) return first;
      const rest = await sql<Row>`update jobs set ${set} where id in (${due(upTo, limit - first.length)})
        ${returning}`.execute(db);
      return [...first, ...rest.rows];
    });
    // The walk's order (RETURNING keeps none): the organisations after the cursor, then the others.
    const turn = (r: Row) => (r.org_id > cursor ? 0 : 1);
    rows.sort((x, y) => turn(x) - turn(y) || x.org_id - y.org_id || Number(x.id) - Number(y.id));
    if (rows.length > 0) this.lastOrg = rows[rows.length - 1]!.org_id;
    return rows.map((r) => ({
      id: Number(r.id),
      orgId: r.org_id,
      pluginId: r.plugin_id,
      kind: r.kind,
      payload: r.payload,
      attempts: r.attempts,
      maxAttempts: r.max_attempts,
      token,
    }));
  }

  /** Marks finished jobs done; a job whose lease another claim took since is left alone. */
  async complete(jobs: readonly { id: number; token: string }[], now = new Date()): Promise<void> {
    if (jobs.length === 0) return;
    const byToken = new Map<string, number[]>();
    for (const j of jobs) byToken.set(j.token, [...(byToken.get(j.token) ?? []), j.id]);
    await this.write(async (db) => {
      for (const [token, ids] of byToken) {
        await db
          .updateTable('jobs')
          .set({ state: 'done', finished_at: now.toISOString(), lease_until: null, lease_token: null })
          .where('lease_token', '=', token)
          .where('id', 'in', ids)
          .execute();
      }
    });
  }

  /** A failed attempt: again at `retryAt`, or dead with `error` once the attempts are used up. */
  async fail(job: ClaimedJob, error: string, retryAt: Date, now = new Date()): Promise<'retry' | 'dead'> {
    const dead = job.attempts >= job.maxAttempts;
    await this.write((db) =>
      db
        .updateTable('jobs')
        .set(
          dead
            ? { state: 'dead', last_error: error, finished_at: now.toISOString(), lease_until: null, lease_token: null }
            : {
                state: 'pending',
                last_error: error,
                run_at: retryAt.toISOString(),
                lease_until: null,
                lease_token: null,
              },
        )
        .where('id', '=', job.id)
        .where('lease_token', '=', job.token)
        .execute(),
    );
    return dead ? 'dead' : 'retry';
  }

  /**
   * The service of the job's plugin answered 429: its plugin and organisation pause until `until`
   * (a later pause already there stays), and the job waits for it without the attempt counting.
   */
  async pause(job: ClaimedJob, scope: string, until: Date): Promise<void> {
    const untilIso = until.toISOString();
    await this.write(async (db) => {
      await sql`insert into job_pauses (org_id, plugin_id, "until") values (${job.orgId}, ${scope}, ${untilIso})
        on conflict (org_id, plugin_id) do update set "until" = case
          when excluded."until" > job_pauses."until" then excluded."until" else job_pauses."until" end`.execute(db);
      // The pair's waiting jobs move to the pause's end once, instead of every claim stepping over
      // them until then (the claim's pause check still covers the jobs enqueued meanwhile).
      await sql`update jobs set run_at = ${untilIso} where org_id = ${job.orgId}
        and coalesce(plugin_id, '') = ${scope} and state = 'pending' and run_at < ${untilIso}`.execute(db);
      await this.release(db, job, until);
    });
  }

  /** Gives a job back without counting the attempt (a pause, a shutdown). */
  async giveBack(job: ClaimedJob, runAt: Date): Promise<void> {
    await this.write((db) => this.release(db, job, runAt));
  }

  private async release(db: Kysely<DB> | Transaction<DB>, job: ClaimedJob, runAt: Date): Promise<void> {
    await db
      .updateTable('jobs')
      .set({
        state: 'pending',
        run_at: runAt.toISOString(),
        attempts: sql<number>`attempts - 1`,
        lease_until: null,
        lease_token: null,
      })
      .where('id', '=', job.id)
      .where('lease_token', '=', job.token)
      .execute();
  }

  /** Keeps the leases of the claims `tokens` (their handlers still run) until `until`. */
  async renew(tokens: readonly string[], until: Date): Promise<void> {
    if (tokens.length === 0) return;
    await this.write((db) =>
      db
        .updateTable('jobs')
        .set({ lease_until: until.toISOString() })
        .where(sql<boolean>`state = 'running'`)
        .where('lease_token', 'in', tokens)
        .execute(),
    );
  }

  /** Sets a running job's progress. */
  async progress(job: ClaimedJob, done: number, total: number): Promise<void> {
    await this.write((db) =>
      db
        .updateTable('jobs')
        .set({ progress_done: done, progress_total: total })
        .where('id', '=', job.id)
        .where('lease_token', '=', job.token)
        .execute(),
    );
  }

  /**
   * Jobs whose worker died (the lease ran out without renewal): pending again at once, or dead
   * once their attempts are used up (the attempt was counted when the job was taken).
   */
  async reapExpiredLeases(now = new Date()): Promise<number> {
    const nowIso = now.toISOString();
    return this.write(async (db) => {
      const dead = await sql`update jobs set state = 'dead', last_error = ${LEASE_LOST_ERROR}, finished_at = ${nowIso},
        lease_until = null, lease_token = null
        where state = 'running' and lease_until <= ${nowIso} and attempts >= max_attempts`.execute(db);
      const again =
        await sql`update jobs set state = 'pending', run_at = ${nowIso}, lease_until = null, lease_token = null
        where state = 'running' and lease_until <= ${nowIso}`.execute(db);
      return Number(dead.numAffectedRows ?? 0) + Number(again.numAffectedRows ?? 0);
    });
  }

  /** Done jobs finished before `before`, and pauses long over, are deleted (a batch at a time). */
  async purge(before: Date, now = new Date()): Promise<number> {
    const beforeIso = before.toISOString();
    return this.write(async (db) => {
      const r = await sql`delete from jobs where id in (select id from jobs where state = 'done'
        and finished_at < ${beforeIso} limit 10000)`.execute(db);
      await db.deleteFrom('job_pauses').where('until', '<', now.toISOString()).execute();
      return Number(r.numAffectedRows ?? 0);
    });
  }
}
