import { BARCODE_MAX_CODES } from '@zaplecze/contract';
import { useEffect, useState } from 'react';
import { readLocal, writeLocal } from '@web/data/local-settings';
import { useLocalLogin } from '@web/features/settings/use-settings';

/** The lists of the sheets, kept per user and device so a reload does not lose them. */
export const STORED_LISTS = {
  stockChanges: 'barcodePrints.stockChanges',
  weights: 'barcodePrints.weights',
  sizes: 'barcodePrints.sizes',
} as const;
export type StoredList = keyof typeof STORED_LISTS;

/** Reads a stored list; anything malformed reads as empty, wrong entries are dropped. */
export function loadNumbers(login: string, list: StoredList): number[] {
  const raw = readLocal(login, STORED_LISTS[list]);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    const ints = parsed.filter((v): v is number => Number.isInteger(v) && v !== 0);
    return [...new Set(ints)].sort((a, b) => a - b).slice(0, BARCODE_MAX_CODES);
  } catch {
    return [];
  }
}

export function saveNumbers(login: string, list: StoredList, values: readonly number[]): void {
  writeLocal(login, STORED_LISTS[list], values.length > 0 ? JSON.stringify(values) : undefined);
}

/** A list of the page, loaded from and written back to local storage for the signed-in user. */
export function useStoredNumbers(list: StoredList) {
  const login = useLocalLogin();
  const [values, setValues] = useState(() => loadNumbers(login, list));
  useEffect(() => saveNumbers(login, list, values), [login, list, values]);
  return [values, setValues] as const;
}
