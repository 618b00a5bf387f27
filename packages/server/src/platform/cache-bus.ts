import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { bumpCacheGeneration, resumeCaches, suspendCaches } from './cache-generation';

/**
 * The cache forgets of every process on one PostgreSQL database, whatever machine it runs on
 * (docs/operations.md, "Several app nodes"; docs/decisions.md, "Withdrawals across nodes").
 *
 * Each process that keeps such caches (the HTTP workers, the job worker) holds one connection that
 * LISTENs on CHANNEL, named `zaplecze-cache:<host>:<pid>:<random>` in `application_name`. A forget
 * (sign-out, password or permission change, user removed, plugin installed or uninstalled, an API
 * token revoked) is announced there after its change has committed; every listener bumps its cache
 * generation and answers that it has. The announcing process waits for the answers of the listeners
 * `pg_stat_activity` showed when it announced, at most FORGET_WAIT_MS, so the answer of a sign-out
 * leaves only once no node would accept the old token; past the wait the kept entries are stale
 * anyway (they live at most that long).
 *
 * A process whose listening connection is down may miss a forget: until it listens again its caches
 * are off (every check reads the database), and when it listens again it forgets everything.
 */
export const CHANNEL = 'zaplecze_cache';
const NAME_PREFIX = 'zaplecze-cache:';
/** The first wait after a lost connection; doubled up to RECONNECT_MAX_MS. */
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5000;

interface Forget {
  t: 'forget';
  from: string;
  seq: number;
}
interface Forgot {
  t: 'forgot';
  to: string;
  seq: number;
  from: string;
}
type Message = Forget | Forgot;

function parse(payload: string | undefined): Message | undefined {
  try {
    const m = JSON.parse(payload ?? '') as Partial<Message>;
    if ((m.t === 'forget' || m.t === 'forgot') && typeof m.from === 'string' && typeof m.seq === 'number')
      return m as Message;
  } catch {
    // Not ours: ignored.
  }
  return undefined;
}

export interface CacheBusOptions {
  url: string;
  connectTimeoutMs: number;
  /** The longest a forget waits for the other listeners' answers (the caches' lifetime). */
  forgetWaitMs: number;
  log?: (message: string) => void;
}

export class CacheBus {
  /** This listener's name in pg_stat_activity.application_name (at most 63 bytes). */
  readonly name = `${NAME_PREFIX}${os.hostname().slice(0, 24)}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private client: pg.Client | undefined;
  private connected = false;
  private stopped = false;
  private reconnectMs = RECONNECT_MIN_MS;
  private timer: NodeJS.Timeout | undefined;
  private seq = 0;
  private readonly waiting = new Map<number, { left: Set<string>; done: () => void }>();

  constructor(private readonly opts: CacheBusOptions) {
    // Until the first LISTEN holds, nothing is kept: a forget sent meanwhile would be missed.
    suspendCaches();
  }

  /** Listens; resolves once listening, or after the first failure (reconnecting in the background). */
  async start(): Promise<void> {
    await this.connect();
  }

  get listening(): boolean {
    return this.connected;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.opts.url,
      application_name: this.name,
      connectionTimeoutMillis: this.opts.connectTimeoutMs,
      // A LISTEN connection has no statement of its own running; keep the server from dropping it.
      keepAlive: true,
    });
    this.client = client;
    const lost = (err?: unknown) => {
      if (this.client !== client) return;
      this.client = undefined;
      if (this.connected) {
        this.connected = false;
        suspendCaches();
        this.opts.log?.(
          `cache bus: connection lost${err instanceof Error ? `: ${err.message}` : ''}; caches off until it is back`,
        );
      }
      client.end().catch(() => undefined);
      this.schedule();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (n) => {
      if (n.channel === CHANNEL) this.received(parse(n.payload));
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch {
      lost();
      return;
    }
    if (this.client !== client) return;
    this.connected = true;
    this.reconnectMs = RECONNECT_MIN_MS;
    // Whatever was announced while this process did not listen is unknown: forget everything.
    bumpCacheGeneration();
    resumeCaches();
  }

  private schedule(): void {
    if (this.stopped || this.timer) return;
    const wait = this.reconnectMs;
    this.reconnectMs = Math.min(RECONNECT_MAX_MS, this.reconnectMs * 2);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect();
    }, wait);
    this.timer.unref();
  }

  private received(m: Message | undefined): void {
    if (!m || m.from === this.name) return;
    if (m.t === 'forget') {
      bumpCacheGeneration();
      this.notify({ t: 'forgot', to: m.from, seq: m.seq, from: this.name }).catch(() => undefined);
    } else if (m.to === this.name) {
      const w = this.waiting.get(m.seq);
      if (!w) return;
      w.left.delete(m.from);
      if (w.left.size === 0) w.done();
    }
  }

  private async notify(m: Message): Promise<void> {
    const client = this.client;
    if (!client || !this.connected) throw new Error('cache bus not listening');
    await client.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(m)]);
  }

  /**
   * Tells every other listening process to forget its caches, and resolves once they all have, or
   * after forgetWaitMs (their kept entries are stale by then). The caller's own caches are already
   * forgotten (cache-generation.ts).
   */
  async announce(): Promise<void> {
    const seq = ++this.seq;
    const wait = this.opts.forgetWaitMs;
    const started = Date.now();
    try {
      const client = this.client;
      if (!client || !this.connected) throw new Error('cache bus not listening');
      const others = await client.query<{ name: string }>(
        `select application_name as name from pg_stat_activity
          where datname = current_database() and application_name like $1 and application_name <> $2`,
        [`${NAME_PREFIX}%`, this.name],
      );
      const left = new Set(others.rows.map((r) => r.name));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.max(0, wait - (Date.now() - started)));
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.waiting.set(seq, { left, done });
        if (left.size === 0) done();
        else this.notify({ t: 'forget', from: this.name, seq }).catch(done);
      });
    } catch {
      // Not announced: the other processes' kept entries are stale after the caches' lifetime.
      await new Promise((r) => setTimeout(r, Math.max(0, wait - (Date.now() - started))));
    } finally {
      this.waiting.delete(seq);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    this.connected = false;
    for (const w of this.waiting.values()) w.done();
    await client?.end().catch(() => undefined);
  }
}

/** The bus of this process, when it runs on PostgreSQL (set by the server's start). */
let current: CacheBus | undefined;

export function setCacheBus(bus: CacheBus | undefined): void {
  current = bus;
}

/** Tells the other processes on the database to forget; nothing to do without a bus (SQLite). */
export function announceForget(): Promise<void> {
  return current?.announce() ?? Promise.resolve();
}
