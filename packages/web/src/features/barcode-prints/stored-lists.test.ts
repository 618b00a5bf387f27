import { afterEach, describe, expect, it } from 'vitest';
import { userStorageKey } from '@web/data/local-settings';
import { loadNumbers, saveNumbers } from './stored-lists';

describe('stored sheet lists', () => {
  afterEach(() => localStorage.clear());

  it('keeps each list per user', () => {
    saveNumbers('firma_jan', 'weights', [500, 1000]);
    expect(loadNumbers('firma_jan', 'weights')).toEqual([500, 1000]);
    expect(loadNumbers('firma_ewa', 'weights')).toEqual([]);
    expect(loadNumbers('firma_jan', 'sizes')).toEqual([]);
    saveNumbers('firma_jan', 'weights', []);
    expect(localStorage.getItem(userStorageKey('firma_jan', 'barcodePrints.weights'))).toBeNull();
  });

  it('reads damaged storage as an empty or cleaned list', () => {
    const key = userStorageKey('firma_jan', 'barcodePrints.stockChanges');
    localStorage.setItem(key, '{not json');
    expect(loadNumbers('firma_jan', 'stockChanges')).toEqual([]);
    localStorage.setItem(key, JSON.stringify([5, 'x', 0, 1.5, -2, 5]));
    expect(loadNumbers('firma_jan', 'stockChanges')).toEqual([-2, 5]);
  });
});
