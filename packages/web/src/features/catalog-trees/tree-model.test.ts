import type { TreeNode } from '@zaplecze/contract';
import { describe, expect, it } from 'vitest';
import { nodeLabel, parentChoices, parentIds, subtreeIds, visibleRows } from './tree-model';

const node = (id: number, parentId: number | null, fullNumber: string): TreeNode => ({
  id,
  parentId,
  fullNumber,
  number: fullNumber.split('-').at(-1) ?? '',
  name: `N${id}`,
  fullName: `N${id}`,
});

// As the server sends it: sorted by fullNumber.
const nodes = [
  node(1, null, 'A'),
  node(2, 1, 'A-1'),
  node(4, 2, 'A-1-1'),
  node(3, 1, 'A-2'),
  node(5, null, 'B'),
  node(6, 5, 'B-1'),
];
const shape = (rows: ReturnType<typeof visibleRows>) => rows.map((r) => `${r.node.fullNumber}@${r.depth}`);

describe('visibleRows', () => {
  it('walks the tree depth-first with one level of depth per generation', () => {
    const rows = visibleRows(nodes, new Set());
    expect(shape(rows)).toEqual(['A@0', 'A-1@1', 'A-1-1@2', 'A-2@1', 'B@0', 'B-1@1']);
    expect(rows.map((r) => r.hasChildren)).toEqual([true, true, false, false, true, false]);
    expect(rows.every((r) => r.expanded === r.hasChildren)).toBe(true);
  });

  it('hides the branch of a collapsed node, keeping the node itself', () => {
    const rows = visibleRows(nodes, new Set([1]));
    expect(shape(rows)).toEqual(['A@0', 'B@0', 'B-1@1']);
    expect(rows[0]?.expanded).toBe(false);
    expect(rows[0]?.hasChildren).toBe(true);
  });

  it('keeps children in list order even when ids are out of order', () => {
    const rows = visibleRows([node(9, null, 'X'), node(8, 9, 'X-1'), node(7, 9, 'X-2')], new Set());
    expect(rows.map((r) => r.node.id)).toEqual([9, 8, 7]);
  });

  it('shows a node whose parent is missing at the top and survives a parent loop', () => {
    expect(shape(visibleRows([node(1, 99, 'Z')], new Set()))).toEqual(['Z@0']);
    const loop = [node(1, 2, 'P'), node(2, 1, 'Q'), node(3, null, 'R')];
    expect(shape(visibleRows(loop, new Set()))).toEqual(['R@0']);
  });

  it('handles a deep chain without recursion', () => {
    const chain = Array.from({ length: 5000 }, (_, i) => node(i + 1, i === 0 ? null : i, `n${i}`));
    const rows = visibleRows(chain, new Set());
    expect(rows).toHaveLength(5000);
    expect(rows.at(-1)?.depth).toBe(4999);
  });
});

describe('subtree and parent choices', () => {
  it('finds a node with all its descendants', () => {
    expect([...subtreeIds(nodes, 1)].sort()).toEqual([1, 2, 3, 4]);
    expect([...subtreeIds(nodes, 4)]).toEqual([4]);
  });

  it('offers every node when adding and excludes the own branch when editing', () => {
    expect(parentChoices(nodes, undefined).map((n) => n.id)).toEqual([1, 2, 4, 3, 5, 6]);
    expect(parentChoices(nodes, 2).map((n) => n.id)).toEqual([1, 3, 5, 6]);
  });

  it('lists the nodes that have children', () => {
    expect([...parentIds(nodes)].sort()).toEqual([1, 2, 5]);
  });

  it('labels a node with its full number and full name', () => {
    expect(nodeLabel({ fullNumber: 'A-1', fullName: 'Hala / Regał' })).toBe('A-1 – Hala / Regał');
  });
});
