import type { TreeNode } from '@zaplecze/contract';

/** One visible row of the tree table. */
export interface TreeRow {
  node: TreeNode;
  /** 0 for a top node; the indent is 1 em per level. */
  depth: number;
  hasChildren: boolean;
  expanded: boolean;
}

/** Children of each node (key null = top nodes), in the order of the list (the server's fullNumber order). */
export function childrenIndex(nodes: readonly TreeNode[]): Map<number | null, TreeNode[]> {
  const ids = new Set(nodes.map((n) => n.id));
  const index = new Map<number | null, TreeNode[]>();
  for (const node of nodes) {
    // A node whose parent is missing from the list is shown at the top rather than lost.
    const key = node.parentId !== null && ids.has(node.parentId) ? node.parentId : null;
    const list = index.get(key);
    if (list) list.push(node);
    else index.set(key, [node]);
  }
  return index;
}

/**
 * The rows to draw: a depth-first walk from the top nodes, skipping the branches of collapsed
 * nodes. Iterative, so a deep warehouse tree cannot overflow the stack; a parent loop in bad data
 * is cut off instead of repeating.
 */
export function visibleRows(nodes: readonly TreeNode[], collapsed: ReadonlySet<number>): TreeRow[] {
  const index = childrenIndex(nodes);
  const rows: TreeRow[] = [];
  const seen = new Set<number>();
  const stack: { node: TreeNode; depth: number }[] = [];
  const pushChildren = (key: number | null, depth: number) => {
    const kids = index.get(key) ?? [];
    // Reversed onto the stack, so they come off in list order.
    for (const node of [...kids].reverse()) stack.push({ node, depth });
  };
  pushChildren(null, 0);
  for (let top = stack.pop(); top; top = stack.pop()) {
    const { node, depth } = top;
    if (seen.has(node.id)) continue;
    seen.add(node.id);
    const hasChildren = (index.get(node.id)?.length ?? 0) > 0;
    const expanded = hasChildren && !collapsed.has(node.id);
    rows.push({ node, depth, hasChildren, expanded });
    if (expanded) pushChildren(node.id, depth + 1);
  }
  return rows;
}

/** The ids of every node that has children (what "collapse all" collapses). */
export function parentIds(nodes: readonly TreeNode[]): Set<number> {
  const ids = new Set(nodes.map((n) => n.id));
  return new Set(nodes.flatMap((n) => (n.parentId !== null && ids.has(n.parentId) ? [n.parentId] : [])));
}

/** A node and all its descendants: what cannot become the node's parent (it would make a cycle). */
export function subtreeIds(nodes: readonly TreeNode[], rootId: number): Set<number> {
  const index = childrenIndex(nodes);
  const out = new Set<number>([rootId]);
  const queue = [rootId];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    for (const child of index.get(id) ?? []) {
      if (out.has(child.id)) continue;
      out.add(child.id);
      queue.push(child.id);
    }
  }
  return out;
}

/** The nodes offered as parent: all of them when adding; without the node's own branch when editing. */
export function parentChoices(nodes: readonly TreeNode[], editingId: number | undefined): TreeNode[] {
  if (editingId === undefined) return [...nodes];
  const excluded = subtreeIds(nodes, editingId);
  return nodes.filter((n) => !excluded.has(n.id));
}

/** How a node is named in selects and confirmations: `A-1-2 – Hala / Regał 1 / Półka 2`. */
export function nodeLabel(node: Pick<TreeNode, 'fullNumber' | 'fullName'>): string {
  return `${node.fullNumber} – ${node.fullName}`;
}
