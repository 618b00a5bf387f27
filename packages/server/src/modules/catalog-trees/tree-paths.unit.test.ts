import { describe, expect, it } from 'vitest';
import {
  childPaths,
  isPlanError,
  lineageOf,
  planUpdate,
  sortByFullNumber,
  TreeIndex,
  type Plan,
  type TreeRow,
} from './tree-paths';

/** Rows with their paths computed, parents first. */
function tree(spec: [id: number, parent: number | null, number: string][]): TreeRow[] {
  const rows = new Map<number, TreeRow>();
  for (const [id, parent, number] of spec) {
    const p = parent === null ? undefined : rows.get(parent)!;
    const paths = childPaths(p && { fullNumber: p.full_number, fullName: p.full_name }, number, `n${number}`);
    rows.set(id, {
      id,
      parent_id: parent,
      number,
      name: `n${number}`,
      full_number: paths.fullNumber,
      full_name: paths.fullName,
    });
  }
  return [...rows.values()];
}

const plan = (rows: TreeRow[], id: number, next: { number: string; parentId: number | null }): Plan => {
  const p = planUpdate(new TreeIndex(rows), id, { name: `n${next.number}`, ...next });
  if (isPlanError(p)) throw new Error(p.kind);
  return p;
};

describe('tree paths', () => {
  const rows = tree([
    [1, null, 'A'],
    [2, 1, '1'],
    [3, 2, '1'],
    [4, null, 'B'],
  ]);

  it('joins numbers with - and names with /', () => {
    expect(rows[2]).toMatchObject({ full_number: 'A-1-1', full_name: 'nA / n1 / n1' });
  });

  it('plans the node and every descendant, and only rows that change', () => {
    expect(plan(rows, 2, { number: '1', parentId: 4 }).changes).toEqual([
      { id: 2, fullNumber: 'B-1', fullName: 'nB / n1' },
      { id: 3, fullNumber: 'B-1-1', fullName: 'nB / n1 / n1' },
    ]);
    expect(plan(rows, 2, { number: '1', parentId: 1 })).toEqual({ changes: [], staged: false });
  });

  it('stages the rewrite when a new number is still held inside the branch', () => {
    expect(plan(rows, 1, { number: 'A-1', parentId: null }).staged).toBe(true);
    expect(plan(rows, 1, { number: 'C', parentId: null }).staged).toBe(false);
  });

  it('refuses cycles, missing parents and duplicates', () => {
    const index = new TreeIndex(rows);
    expect(planUpdate(index, 1, { number: 'A', name: 'a', parentId: 1 })).toEqual({ kind: 'selfParent' });
    expect(planUpdate(index, 1, { number: 'A', name: 'a', parentId: 3 })).toEqual({ kind: 'underDescendant' });
    expect(planUpdate(index, 1, { number: 'A', name: 'a', parentId: 99 })).toEqual({ kind: 'parentNotFound' });
    expect(planUpdate(index, 4, { number: 'A', name: 'a', parentId: null })).toEqual({
      kind: 'duplicate',
      fullNumber: 'A',
    });
    expect(planUpdate(index, 3, { number: '1', name: 'a', parentId: 1 })).toEqual({
      kind: 'duplicate',
      fullNumber: 'A-1',
    });
  });

  it('refuses paths longer than the columns', () => {
    const index = new TreeIndex(rows);
    expect(planUpdate(index, 1, { number: 'x'.repeat(1999), name: 'a', parentId: null })).toEqual({
      kind: 'pathTooLong',
    });
  });

  it('walks the lineage from the links, nearest first', () => {
    expect(lineageOf(rows, 3)).toEqual([3, 2, 1]);
    expect(lineageOf(rows, 99)).toBeUndefined();
    expect(
      lineageOf(
        [
          { id: 1, parent_id: 2 },
          { id: 2, parent_id: 1 },
        ],
        1,
      ),
    ).toEqual([1, 2]);
  });

  it('sorts numbers as people read them, then by id', () => {
    const sorted = sortByFullNumber([
      { id: 1, full_number: 'A-10' },
      { id: 2, full_number: 'A-2' },
      { id: 3, full_number: 'A' },
      { id: 5, full_number: 'B' },
      { id: 4, full_number: 'B' },
    ]);
    expect(sorted.map((r) => r.id)).toEqual([3, 2, 1, 4, 5]);
  });

  it('plans a move of 10,000 places quickly', () => {
    const spec: [number, number | null, string][] = [[1, null, 'H']];
    for (let i = 2; i <= 10_000; i++) spec.push([i, Math.floor(i / 2), String(i)]);
    spec.push([20_000, null, 'X']);
    const big = tree(spec);
    const started = performance.now();
    const p = plan(big, 1, { number: 'H', parentId: 20_000 });
    expect(p.changes).toHaveLength(10_000);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
