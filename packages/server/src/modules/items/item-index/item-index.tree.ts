/**
 * A category or place tree in depth-first order (item-index.ts): every subtree is one contiguous
 * range of positions, so "this node and everything under it" is a range check on an item's
 * position, not a list of node ids.
 */

export interface TreeLink {
  id: number;
  parent: number | null;
}

/** An item's position when its node is not in the tree (still "has a node" for 'any'). */
const UNKNOWN = 2 ** 30;

export class TreeOrder {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();

  constructor(links: readonly TreeLink[]) {
    const children = new Map<number | null, number[]>();
    const known = new Set(links.map((l) => l.id));
    for (const l of links) {
      // A parent that is not in the tree: the node is a root (as the database's walk from it would be).
      const parent = l.parent !== null && known.has(l.parent) ? l.parent : null;
      const list = children.get(parent) ?? [];
      list.push(l.id);
      children.set(parent, list);
    }
    let next = 0;
    // Iterative depth-first walk (deep trees must not overflow the stack); a node is seen once.
    const walk = (root: number) => {
      const stack: [number, boolean][] = [[root, false]];
      while (stack.length > 0) {
        const [id, done] = stack.pop()!;
        if (done) {
          this.last.set(id, next - 1);
          continue;
        }
        if (this.first.has(id)) continue;
        this.first.set(id, next++);
        stack.push([id, true]);
        const kids = children.get(id) ?? [];
        for (let k = kids.length - 1; k >= 0; k--) stack.push([kids[k]!, false]);
      }
    };
    for (const root of children.get(null) ?? []) walk(root);
    // Nodes in a loop of parents (never written by the app): each reached from itself.
    for (const l of links) if (!this.first.has(l.id)) walk(l.id);
  }

  /** An item's position for its node id (-1: none). */
  positionOf(node: number): number {
    if (node < 0) return node;
    return this.first.get(node) ?? UNKNOWN;
  }

  /** The positions of a node's subtree, or undefined for a node not in the tree. */
  subtree(node: number): readonly [number, number] | undefined {
    const first = this.first.get(node);
    if (first === undefined) return undefined;
    return [first, this.last.get(node)!];
  }
}
