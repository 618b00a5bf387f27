import { TREE_NAME_SEPARATOR, TREE_NUMBER_SEPARATOR } from '@zaplecze/contract';

/**
 * Pure rules of the category and place trees: computed paths, cycles, what a change rewrites.
 * The service loads the organisation's tree once and asks these functions; no query per node.
 */

/** Column sizes of full_number / full_name (migration 0002). */
export const FULL_NUMBER_MAX = 2000;
export const FULL_NAME_MAX = 4000;

export interface TreeRow {
  id: number;
  parent_id: number | null;
  number: string;
  name: string;
  full_number: string;
  full_name: string;
}

export interface Paths {
  fullNumber: string;
  fullName: string;
}

export interface PathChange extends Paths {
  id: number;
}

/** fullNumber = parent's fullNumber + '-' + number (top: number); fullName likewise with ' / '. */
export function childPaths(parent: Paths | undefined, number: string, name: string): Paths {
  if (!parent) return { fullNumber: number, fullName: name };
  return {
    fullNumber: parent.fullNumber + TREE_NUMBER_SEPARATOR + number,
    fullName: parent.fullName + TREE_NAME_SEPARATOR + name,
  };
}

export function pathsOf(row: TreeRow): Paths {
  return { fullNumber: row.full_number, fullName: row.full_name };
}

export function pathsTooLong(p: Paths): boolean {
  return p.fullNumber.length > FULL_NUMBER_MAX || p.fullName.length > FULL_NAME_MAX;
}

/** One organisation's tree in memory: by id, by parent, by full number. */
export class TreeIndex {
  readonly byId = new Map<number, TreeRow>();
  private readonly children = new Map<number | null, TreeRow[]>();
  private readonly byFullNumber = new Map<string, number>();

  constructor(rows: readonly TreeRow[]) {
    for (const row of rows) {
      this.byId.set(row.id, row);
      const siblings = this.children.get(row.parent_id);
      if (siblings) siblings.push(row);
      else this.children.set(row.parent_id, [row]);
      this.byFullNumber.set(row.full_number, row.id);
    }
  }

  childrenOf(id: number): readonly TreeRow[] {
    return this.children.get(id) ?? [];
  }

  holderOf(fullNumber: string): number | undefined {
    return this.byFullNumber.get(fullNumber);
  }

  /** `id` and its ancestors up to the top, nearest first (see walkUp); [] when `id` is not here. */
  lineage(id: number): number[] {
    return this.byId.has(id) ? walkUp(id, (at) => this.byId.get(at)?.parent_id) : [];
  }
}

export type PlanError =
  | { kind: 'parentNotFound' | 'selfParent' | 'underDescendant' | 'pathTooLong' }
  | { kind: 'duplicate'; fullNumber: string };

export interface Plan {
  /** Rows (the node and its descendants) whose stored paths must change. */
  changes: PathChange[];
  /**
   * Some new full number is still held by another changed row (e.g. 'A' renumbered to 'A-1'
   * while its child is 'A-1'): the unique index is checked per row, so write temporary values first.
   */
  staged: boolean;
}

export interface NodeChange {
  number: string;
  name: string;
  parentId: number | null;
}

/** What an edit of node `id` rewrites, or why it is refused. `id` must be in the index. */
export function planUpdate(index: TreeIndex, id: number, next: NodeChange): Plan | PlanError {
  let parent: TreeRow | undefined;
  if (next.parentId !== null) {
    if (next.parentId === id) return { kind: 'selfParent' };
    parent = index.byId.get(next.parentId);
    if (!parent) return { kind: 'parentNotFound' };
    if (index.lineage(parent.id).includes(id)) return { kind: 'underDescendant' };
  }
  const subtree = new Map<number, Paths>();
  const stack: [TreeRow, Paths][] = [
    [index.byId.get(id)!, childPaths(parent && pathsOf(parent), next.number, next.name)],
  ];
  while (stack.length > 0) {
    const [row, paths] = stack.pop()!;
    if (pathsTooLong(paths)) return { kind: 'pathTooLong' };
    subtree.set(row.id, paths);
    for (const child of index.childrenOf(row.id)) {
      if (!subtree.has(child.id)) stack.push([child, childPaths(paths, child.number, child.name)]);
    }
  }

  const taken = new Set<string>();
  const changes: PathChange[] = [];
  let staged = false;
  for (const [rowId, paths] of subtree) {
    const holder = index.holderOf(paths.fullNumber);
    if (taken.has(paths.fullNumber) || (holder !== undefined && !subtree.has(holder))) {
      return { kind: 'duplicate', fullNumber: paths.fullNumber };
    }
    taken.add(paths.fullNumber);
    const row = index.byId.get(rowId)!;
    if (row.full_number === paths.fullNumber && row.full_name === paths.fullName) continue;
    changes.push({ id: rowId, ...paths });
    if (holder !== undefined && holder !== rowId) staged = true;
  }
  return { changes, staged };
}

export function isPlanError(p: Plan | PlanError): p is PlanError {
  return 'kind' in p;
}

const collator = new Intl.Collator('pl', { numeric: true });

/**
 * The list order: by fullNumber as people read it (A-2 before A-10, Polish letters in their
 * place), then by id. Sorted here, not in SQL, so both engines answer the same order.
 */
export function sortByFullNumber<R extends { id: number; full_number: string }>(rows: R[]): R[] {
  return rows.sort((a, b) => collator.compare(a.full_number, b.full_number) || a.id - b.id);
}

/**
 * `id` and its ancestors, nearest first, from the tree's links; undefined when `id` is not in
 * the tree. Stops on a (corrupt) loop.
 */
export function lineageOf(
  links: readonly { id: number; parent_id: number | null }[],
  id: number,
): number[] | undefined {
  const parents = new Map(links.map((l) => [l.id, l.parent_id]));
  return parents.has(id) ? walkUp(id, (at) => parents.get(at)) : undefined;
}

/** `id` and its ancestors, nearest first, following `parentOf` to the top; stops on a (corrupt) loop. */
function walkUp(id: number, parentOf: (id: number) => number | null | undefined): number[] {
  const out: number[] = [];
  for (let at: number | null | undefined = id; at != null && !out.includes(at); at = parentOf(at)) out.push(at);
  return out;
}
