import type {
  AliasedSelectQueryBuilder,
  QueryResult,
  RawBuilder,
  DeleteQueryBuilder,
  DeleteResult,
  Insertable,
  InsertQueryBuilder,
  InsertResult,
  Kysely,
  SelectQueryBuilder,
  Transaction,
  UpdateQueryBuilder,
  UpdateResult,
} from 'kysely';
import { PostgresAdapter, sql } from 'kysely';
import type { DB } from './schema';

type Executor = Kysely<DB> | Transaction<DB>;
/** The tables of schema `S` whose rows belong to one organisation (column `org_id`). */
export type TenantTableOf<S> = {
  [K in keyof S & string]: S[K] extends { org_id: number } ? K : never;
}[keyof S & string];
/**
 * What a transaction that `TenantDb.transaction()` began carries besides its connection: work to do
 * just before it commits (inside it) and once it has committed, and values its parts share (the
 * domain events gathered for one bulk event per transaction: platform/events.ts).
 */
interface TransactionState {
  beforeCommit: (() => Promise<void>)[];
  afterCommit: (() => void)[];
  afterRollback: (() => void)[];
  shared: Map<object, unknown>;
}

/** A view of the executor with one stand-in table, so that generic table names type-check. */
type Loose = Kysely<{ t: { org_id: number } }>;

/**
 * The one tenant-scoping mechanism: repositories of business data receive a TenantDb, never the
 * raw Kysely instance, and every query it starts is already limited to the caller's organisation.
 * A row of another organisation is therefore indistinguishable from a missing row (404).
 */
export class TenantDb<S = DB> {
  /**
   * @param tx what a transaction that `transaction()` began carries (`beforeCommit`, `afterCommit`,
   *   `shared`); undefined outside one.
   */
  constructor(
    private readonly executor: Executor,
    readonly orgId: number,
    private readonly tx?: TransactionState,
  ) {}

  private get loose(): Loose {
    return this.executor as unknown as Loose;
  }

  selectFrom<T extends TenantTableOf<S>>(table: T): SelectQueryBuilder<S, T, object> {
    const qb = this.loose.selectFrom(table as 't').where(`${table}.org_id` as 't.org_id', '=', this.orgId);
    return qb as unknown as SelectQueryBuilder<S, T, object>;
  }

  /**
   * Selects from a derived table `sub`. `sub` must itself be built from this TenantDb (so it is
   * already limited to the organisation); the outer query only reshapes its rows, e.g. to fence a
   * small filtered set off from the planner (items.search pageIdsQuery).
   */
  selectFromSubquery<O, A extends string>(sub: AliasedSelectQueryBuilder<O, A>) {
    return (this.executor as Kysely<DB>).selectFrom(sub);
  }

  /** Inserts with `org_id` forced to the caller's organisation. */
  insertInto<T extends TenantTableOf<S>>(
    table: T,
    values: Omit<Insertable<S[T]>, 'org_id'> | Omit<Insertable<S[T]>, 'org_id'>[],
  ): InsertQueryBuilder<S, T, InsertResult> {
    const rows = (Array.isArray(values) ? values : [values]).map((v) => ({ ...v, org_id: this.orgId }));
    return this.loose.insertInto(table as 't').values(rows) as unknown as InsertQueryBuilder<S, T, InsertResult>;
  }

  updateTable<T extends TenantTableOf<S>>(table: T): UpdateQueryBuilder<S, T, T, UpdateResult> {
    const qb = this.loose.updateTable(table as 't').where(`${table}.org_id` as 't.org_id', '=', this.orgId);
    return qb as unknown as UpdateQueryBuilder<S, T, T, UpdateResult>;
  }

  deleteFrom<T extends TenantTableOf<S>>(table: T): DeleteQueryBuilder<S, T, DeleteResult> {
    const qb = this.loose.deleteFrom(table as 't').where(`${table}.org_id` as 't.org_id', '=', this.orgId);
    return qb as unknown as DeleteQueryBuilder<S, T, DeleteResult>;
  }

  /**
   * This handle, typed to also know a plugin's own tables `P` (docs/plugins.md, Tables): the same
   * organisation, the same transaction, the same scoping of every query.
   */
  withTables<P>(): TenantDb<DB & P> {
    return this as unknown as TenantDb<DB & P>;
  }

  /**
   * Runs one raw statement that `build` writes for this organisation's id. The statement must
   * filter by that id itself: this is for set-based statements the query builder cannot express
   * (the order roll-ups' aggregate reads and upserts), not a way around the scoping.
   */
  async executeForOrg<R>(build: (orgId: number) => RawBuilder<R>): Promise<QueryResult<R>> {
    return build(this.orgId).execute(this.executor);
  }

  /** Runs `fn` in one transaction, still scoped to the same organisation. */
  async transaction<R>(fn: (tdb: TenantDb<S>) => Promise<R>): Promise<R> {
    if (this.executor.isTransaction) return fn(this);
    const tx: TransactionState = { beforeCommit: [], afterCommit: [], afterRollback: [], shared: new Map() };
    let result: R;
    try {
      result = await (this.executor as Kysely<DB>).transaction().execute(async (trx) => {
        const r = await fn(new TenantDb<S>(trx, this.orgId, tx));
        // A hook may queue another (an event's subscriber writing): run until none is left.
        for (let run = tx.beforeCommit.shift(); run; run = tx.beforeCommit.shift()) await run();
        return r;
      });
    } catch (err) {
      for (const run of tx.afterRollback) run();
      throw err;
    }
    for (const run of tx.afterCommit) run();
    return result;
  }

  /**
   * Runs `fn`, which only reads, on one consistent snapshot of the database: PostgreSQL a
   * REPEATABLE READ, READ ONLY transaction; SQLite a deferred (read) transaction on the worker's
   * connection, held for `fn` alone so no other request's statements run inside it. Inside a
   * transaction, that transaction's view.
   */
  async snapshot<R>(fn: (tdb: TenantDb<S>) => Promise<R>): Promise<R> {
    if (this.executor.isTransaction) return fn(this);
    const db = this.executor as Kysely<DB>;
    if (this.isPostgres) {
      return db
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute((trx) => fn(new TenantDb<S>(trx, this.orgId)));
    }
    return db.connection().execute(async (conn) => {
      await sql`begin deferred`.execute(conn);
      try {
        const result = await fn(new TenantDb<S>(conn, this.orgId));
        await sql`commit`.execute(conn);
        return result;
      } catch (err) {
        await sql`rollback`.execute(conn).catch(() => undefined);
        throw err;
      }
    });
  }

  /**
   * Runs `fn` once the surrounding transaction has committed (never after a rollback), or at once
   * outside a transaction. Domain events go out this way.
   */
  afterCommit(fn: () => void): void {
    if (this.tx) this.tx.afterCommit.push(fn);
    else if (this.executor.isTransaction) throw new Error('afterCommit inside a transaction TenantDb did not begin');
    else fn();
  }

  /**
   * Runs `fn` once the surrounding transaction has failed (rolled back, or its commit failed), e.g.
   * to remove files a beforeCommit hook stored for it. Only inside a transaction that
   * `transaction()` began.
   */
  afterRollback(fn: () => void): void {
    if (!this.tx) throw new Error('afterRollback needs a transaction that TenantDb.transaction() began');
    this.tx.afterRollback.push(fn);
  }

  /**
   * Runs `fn` inside the surrounding transaction once its work is done, just before it commits (a
   * throw rolls it back), in the order queued. Only inside a transaction that `transaction()` began.
   */
  beforeCommit(fn: () => Promise<void>): void {
    if (!this.tx) throw new Error('beforeCommit needs a transaction that TenantDb.transaction() began');
    this.tx.beforeCommit.push(fn);
  }

  /**
   * A value kept for the life of the surrounding transaction under `key` (made by `init` at the
   * first call), shared by every handle of that transaction; null outside one.
   */
  transactionShared<T>(key: object, init: () => T): T | null {
    if (!this.tx) return null;
    if (!this.tx.shared.has(key)) this.tx.shared.set(key, init());
    return this.tx.shared.get(key) as T;
  }

  /** Whether this handle runs inside a transaction (its reads see that transaction's writes). */
  get inTransaction(): boolean {
    return this.executor.isTransaction;
  }

  /** The engine behind this handle: engine-specific SQL stays in repositories that ask this. */
  get isPostgres(): boolean {
    return this.executor.getExecutor().adapter instanceof PostgresAdapter;
  }

  /**
   * Serialises this organisation's writers of one kind of data (`name`, e.g. 'tree:places') until
   * the surrounding transaction ends. PostgreSQL: a transaction-level advisory lock; SQLite needs
   * none, its write transactions begin immediate and so run one at a time.
   */
  async lock(name: string): Promise<void> {
    if (!this.executor.isTransaction) throw new Error('TenantDb.lock needs a transaction');
    if (!this.isPostgres) return;
    await sql`select pg_advisory_xact_lock(${lockKey(name)}, ${this.orgId})`.execute(this.executor);
  }
}

/** A stable 32-bit signed key for a lock name (FNV-1a); a collision only serialises more. */
function lockKey(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h | 0;
}
