import { sql, type RawBuilder } from 'kysely';
import type { TenantDb } from '../../db/tenant';
import type { PathChange, TreeRow } from './tree-paths';

/** The two trees; the name comes from a fixed definition, never from the request. */
export type TreeKind = 'categories' | 'places';

// Both tables have the same columns, so the queries are typed against one of them.
type Typed = 'categories';
const typed = (kind: TreeKind) => kind as Typed;

const COLUMNS = ['id', 'parent_id', 'number', 'name', 'full_number', 'full_name'] as const;

/** Rows per bulk path update: 3 bound values each, far below both engines' limits. */
const CHUNK = 500;

export const treeRepository = {
  /** Serialises this organisation's writers of the tree until the transaction ends. */
  lock(tdb: TenantDb, kind: TreeKind): Promise<void> {
    return tdb.lock(`tree:${kind}`);
  },

  /** The organisation's whole tree in one select (thousands of rows are a few milliseconds). */
  listAll(tdb: TenantDb, kind: TreeKind): Promise<TreeRow[]> {
    return tdb.selectFrom(typed(kind)).select(COLUMNS).execute();
  },

  /** Just the links, for walking ancestors. */
  async links(tdb: TenantDb, kind: TreeKind): Promise<{ id: number; parent_id: number | null }[]> {
    return tdb.selectFrom(typed(kind)).select(['id', 'parent_id']).execute();
  },

  /**
   * The ids of node `id` and of every node under it, as a subquery the database resolves inside
   * the statement that uses it (the item search's category and place filters): no round trip to
   * read the tree first. Both halves are limited to the caller's organisation, so another
   * organisation's node (or an unknown one) gives no ids. `union` (not `union all`) also ends
   * the walk should a cycle ever exist.
   */
  subtreeIds(tdb: TenantDb, kind: TreeKind, id: number): RawBuilder<{ id: number }> {
    const table = sql.table(kind);
    return sql<{ id: number }>`with recursive subtree(id) as (
        select id from ${table} where org_id = ${tdb.orgId} and id = ${id}
        union
        select child.id from ${table} as child join subtree on child.parent_id = subtree.id
        where child.org_id = ${tdb.orgId}
      ) select id from subtree`;
  },

  findById(tdb: TenantDb, kind: TreeKind, id: number): Promise<TreeRow | undefined> {
    return tdb.selectFrom(typed(kind)).select(COLUMNS).where('id', '=', id).executeTakeFirst();
  },

  async fullNumberTaken(tdb: TenantDb, kind: TreeKind, fullNumber: string): Promise<boolean> {
    const row = await tdb.selectFrom(typed(kind)).select('id').where('full_number', '=', fullNumber).executeTakeFirst();
    return row !== undefined;
  },

  async hasChildren(tdb: TenantDb, kind: TreeKind, id: number): Promise<boolean> {
    const row = await tdb.selectFrom(typed(kind)).select('id').where('parent_id', '=', id).executeTakeFirst();
    return row !== undefined;
  },

  insert(tdb: TenantDb, kind: TreeKind, values: Omit<TreeRow, 'id'>): Promise<TreeRow> {
    return tdb.insertInto(typed(kind), values).returning(COLUMNS).executeTakeFirstOrThrow();
  },

  /** The node's own columns; its paths (and its descendants') go through writePaths. */
  async updateNode(
    tdb: TenantDb,
    kind: TreeKind,
    id: number,
    values: Pick<TreeRow, 'parent_id' | 'number' | 'name'>,
  ): Promise<void> {
    await tdb.updateTable(typed(kind)).set(values).where('id', '=', id).execute();
  },

  /**
   * Rewrites full_number / full_name of many rows with one UPDATE ... FROM (VALUES ...) per chunk
   * (PostgreSQL and SQLite 3.33+ both read it; VALUES columns are column1..3 on both).
   */
  async writePaths(tdb: TenantDb, kind: TreeKind, changes: readonly PathChange[]): Promise<void> {
    for (let i = 0; i < changes.length; i += CHUNK) {
      const rows = changes
        .slice(i, i + CHUNK)
        .map((c) => sql`(cast(${c.id} as integer), ${c.fullNumber}, ${c.fullName})`);
      await tdb
        .updateTable(typed(kind))
        .from(sql`(values ${sql.join(rows)})`.as('v'))
        .set({ full_number: sql<string>`v.column2`, full_name: sql<string>`v.column3` })
        .where(sql<boolean>`${sql.ref(`${kind}.id`)} = v.column1`)
        .execute();
    }
  },

  async remove(tdb: TenantDb, kind: TreeKind, id: number): Promise<void> {
    await tdb.deleteFrom(typed(kind)).where('id', '=', id).execute();
  },
};
