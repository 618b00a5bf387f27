import type { TreeNode } from '@zaplecze/contract';
import { describe, expect, it } from 'vitest';
import { emptyCategoryCriteria, emptyPlaceCriteria, filterCategories, filterPlaces } from './tree-search';

const node = (id: number, number: string, name: string, fullNumber: string, fullName = name): TreeNode => ({
  id,
  number,
  name,
  parentId: null,
  fullNumber,
  fullName,
});

const places = [
  node(1, 'A', 'Hala główna', 'A'),
  node(2, '1', 'Regał Żółty', 'A-1'),
  node(3, '12', 'Półka górna', 'A-1-12'),
  node(4, 'B2', 'Hala boczna', 'B2'),
  node(5, 'b20', 'Regał zimny', 'B2-b20'),
];
const ids = (list: TreeNode[]) => list.map((n) => n.id);

describe('filterPlaces', () => {
  it('returns everything for empty criteria', () => {
    expect(ids(filterPlaces(places, emptyPlaceCriteria))).toEqual([1, 2, 3, 4, 5]);
  });

  it('matches the number as a case-insensitive prefix', () => {
    expect(ids(filterPlaces(places, { ...emptyPlaceCriteria, number: '1' }))).toEqual([2, 3]);
    expect(ids(filterPlaces(places, { ...emptyPlaceCriteria, number: 'b2' }))).toEqual([4, 5]);
    // Not a prefix: '2' is inside 'B2' and '12' but starts neither.
    expect(ids(filterPlaces(places, { ...emptyPlaceCriteria, number: '2' }))).toEqual([]);
  });

  it('matches the name anywhere, ignoring case and Polish capitals', () => {
    expect(ids(filterPlaces(places, { ...emptyPlaceCriteria, name: 'HALA' }))).toEqual([1, 4]);
    expect(ids(filterPlaces(places, { ...emptyPlaceCriteria, name: 'żółt' }))).toEqual([2]);
    expect(ids(filterPlaces(places, { ...emptyPlaceCriteria, name: 'ÓŁKA' }))).toEqual([3]);
  });

  it('matches the position as a prefix of the full number', () => {
    expect(ids(filterPlaces(places, { ...emptyPlaceCriteria, position: 'a-1' }))).toEqual([2, 3]);
    expect(ids(filterPlaces(places, { ...emptyPlaceCriteria, position: 'A-1-1' }))).toEqual([3]);
    expect(ids(filterPlaces(places, { ...emptyPlaceCriteria, position: '1-12' }))).toEqual([]);
  });

  it('combines criteria with AND and ignores surrounding spaces', () => {
    expect(ids(filterPlaces(places, { name: ' regał ', number: '', position: 'B' }))).toEqual([5]);
    expect(ids(filterPlaces(places, { name: 'regał', number: '1', position: 'B' }))).toEqual([]);
  });
});

describe('filterCategories', () => {
  const categories = [
    node(10, 'EL', 'Elektronika', 'EL'),
    node(11, 'TV', 'Telewizory', 'EL-TV', 'Elektronika / Telewizory'),
    node(12, 'tel', 'Telefony', 'EL-tel', 'Elektronika / Telefony'),
    node(13, 'OD', 'Odzież', 'OD'),
  ];

  it('filters by name contains and number starts with', () => {
    expect(ids(filterCategories(categories, emptyCategoryCriteria))).toEqual([10, 11, 12, 13]);
    expect(ids(filterCategories(categories, { name: 'tele', number: '' }))).toEqual([11, 12]);
    expect(ids(filterCategories(categories, { name: '', number: 'T' }))).toEqual([11, 12]);
    expect(ids(filterCategories(categories, { name: 'fony', number: 'te' }))).toEqual([12]);
    expect(ids(filterCategories(categories, { name: 'ODZIEŻ', number: '' }))).toEqual([13]);
  });

  it('matches the own name, not the parent part of the full name', () => {
    expect(ids(filterCategories(categories, { name: 'elektronika', number: '' }))).toEqual([10]);
  });
});
