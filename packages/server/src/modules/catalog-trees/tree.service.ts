import { randomUUID } from 'node:crypto';
import type { TreeNode, treeNodeInputSchema } from '@zaplecze/contract';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import type { AuthContext } from '../../platform/context';
import { type AppError, badRequest, conflict, notFound } from '../../platform/errors';
import type { TreeDefinition } from './tree-definition';
import {
  childPaths,
  isPlanError,
  type PathChange,
  pathsOf,
  pathsTooLong,
  planUpdate,
  type PlanError,
  sortByFullNumber,
  TreeIndex,
  type TreeRow,
} from './tree-paths';
import { treeRepository as repo } from './tree.repository';

type NodeInput = z.output<typeof treeNodeInputSchema>;

function toNode(row: TreeRow): TreeNode {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    parentId: row.parent_id,
    fullNumber: row.full_number,
    fullName: row.full_name,
  };
}

export async function list(ctx: AuthContext, def: TreeDefinition): Promise<TreeNode[]> {
  return sortByFullNumber(await repo.listAll(ctx.tdb, def.kind)).map(toNode);
}

export async function getOne(ctx: AuthContext, def: TreeDefinition, id: number): Promise<TreeNode> {
  const row = await repo.findById(ctx.tdb, def.kind, id);
  if (!row) throw notFound(def.messages.notFound);
  return toNode(row);
}

export async function create(ctx: AuthContext, def: TreeDefinition, input: NodeInput): Promise<TreeNode> {
  const { number, name, parentId } = input;
  return guardUnique(def, async (claim) =>
    ctx.tdb.transaction(async (tdb) => {
      await repo.lock(tdb, def.kind);
      const parent = parentId === null ? undefined : await repo.findById(tdb, def.kind, parentId);
      if (parentId !== null && !parent) throw badRequest(def.messages.parentNotFound, 'parentId');
      const paths = childPaths(parent && pathsOf(parent), number, name);
      if (pathsTooLong(paths)) throw badRequest(def.messages.pathTooLong);
      claim(paths.fullNumber);
      if (await repo.fullNumberTaken(tdb, def.kind, paths.fullNumber)) {
        throw conflict(def.messages.duplicate(paths.fullNumber));
      }
      const row = await repo.insert(tdb, def.kind, {
        parent_id: parentId,
        number,
        name,
        full_number: paths.fullNumber,
        full_name: paths.fullName,
      });
      return toNode(row);
    }),
  );
}

/**
 * Saves number, name and parent; the node's and every descendant's fullNumber / fullName are
 * recomputed in the same transaction, from one read of the tree.
 */
export async function update(ctx: AuthContext, def: TreeDefinition, id: number, input: NodeInput): Promise<TreeNode> {
  return guardUnique(def, (claim) =>
    ctx.tdb.transaction(async (tdb) => {
      await repo.lock(tdb, def.kind);
      const index = new TreeIndex(await repo.listAll(tdb, def.kind));
      const node = index.byId.get(id);
      if (!node) throw notFound(def.messages.notFound);
      const plan = planUpdate(index, id, input);
      if (isPlanError(plan)) throw planError(def, plan);
      const own = plan.changes.find((c) => c.id === id) ?? pathsOf(node);
      claim(own.fullNumber);

      await repo.updateNode(tdb, def.kind, id, { parent_id: input.parentId, number: input.number, name: input.name });
      if (plan.staged) await repo.writePaths(tdb, def.kind, temporary(plan.changes));
      await repo.writePaths(tdb, def.kind, plan.changes);
      const { parentId, number, name } = input;
      return toNode({ id, parent_id: parentId, number, name, full_number: own.fullNumber, full_name: own.fullName });
    }),
  );
}

/** Refused with 409 while the node has children or something uses it. */
export async function remove(ctx: AuthContext, def: TreeDefinition, id: number): Promise<void> {
  try {
    await ctx.tdb.transaction(async (tdb) => {
      await repo.lock(tdb, def.kind);
      if (!(await repo.findById(tdb, def.kind, id))) throw notFound(def.messages.notFound);
      if (await repo.hasChildren(tdb, def.kind, id)) throw conflict(def.messages.hasChildren);
      await ctx.deps.usage.assertUnused(tdb, def.kind, id);
      await repo.remove(tdb, def.kind, id);
    });
  } catch (err) {
    // A reference no usage check knows of yet (a later table's foreign key) still refuses cleanly.
    if (isForeignKeyViolation(err)) throw conflict(def.messages.inUse);
    throw err;
  }
}

function planError(def: TreeDefinition, e: PlanError): AppError {
  switch (e.kind) {
    case 'parentNotFound':
      return badRequest(def.messages.parentNotFound, 'parentId');
    case 'selfParent':
      return badRequest(def.messages.selfParent, 'parentId');
    case 'underDescendant':
      return badRequest(def.messages.underDescendant, 'parentId');
    case 'pathTooLong':
      return badRequest(def.messages.pathTooLong);
    case 'duplicate':
      return conflict(def.messages.duplicate(e.fullNumber));
  }
}

/** Values no user number can hold, unique per row, for the first pass of a staged rewrite. */
function temporary(changes: readonly PathChange[]): PathChange[] {
  const nonce = randomUUID();
  return changes.map((c) => ({ ...c, fullNumber: `\u0001${nonce}:${c.id}` }));
}

/**
 * The checks above run under the tree lock, so the unique index fires only on a race the lock
 * cannot see (a writer without it): answer the same 409 as the check.
 */
async function guardUnique<R>(def: TreeDefinition, run: (claim: (fullNumber: string) => void) => Promise<R>) {
  let fullNumber = '';
  try {
    return await run((n) => (fullNumber = n));
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(def.messages.duplicate(fullNumber));
    throw err;
  }
}

/** PostgreSQL 23503, SQLite SQLITE_CONSTRAINT_FOREIGNKEY. */
function isForeignKeyViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false;
  const code = String(err.code);
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
