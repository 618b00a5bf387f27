import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { readUrlState, writeUrlState, type Normalize } from './url-state';

export interface UseUrlStateOptions<T> {
  /**
   * Session-storage key of the last search (e.g. LIST_STORAGE_KEYS.items.lastSearch): each new
   * search is saved there, and opening the page with no query string restores it.
   */
  storageKey?: string;
  /** Cross-field rules applied after reading and before writing. */
  normalize?: Normalize<T>;
}

export interface UrlState<T> {
  /** The criteria read from the URL (invalid fields at their defaults). */
  value: T;
  /** The canonical query string of the value (non-default fields only, without '?'). */
  query: string;
  /** The query string the value was read from: the URL's, or the restored last search. */
  source: string;
  /** Writes new criteria into the URL (a history entry, unless `replace`). */
  set(next: T, opts?: { replace?: boolean }): void;
  /** Changes some fields, e.g. `patch({ page: 2 })`. */
  patch(changes: Partial<T>, opts?: { replace?: boolean }): void;
}

function readStored(key: string): string {
  try {
    return sessionStorage.getItem(key) ?? '';
  } catch {
    // Storage can be switched off; the page then simply starts with no search.
    return '';
  }
}

function store(key: string, query: string): void {
  try {
    if (query === '') sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, query);
  } catch {
    // Not saved: the next visit starts with no search, nothing else breaks.
  }
}

/**
 * Search criteria in the query string, typed by a zod object schema of the contract (see
 * url-state.ts for the reading and writing rules). With `storageKey` the tab's last search
 * comes back when the page is opened without a query string.
 */
export function useUrlState<S extends z.ZodObject>(
  schema: S,
  options: UseUrlStateOptions<z.output<S>> = {},
): UrlState<z.output<S>> {
  const { storageKey, normalize } = options;
  const [params, setParams] = useSearchParams();
  const urlQuery = params.toString();
  // Decided on the first render, not in an effect, so no request goes out for the empty search
  // that is about to be replaced. Dropped once the URL carries a search: clearing the search
  // later must not bring the old one back.
  const [pending, setPending] = useState(() => (urlQuery === '' && storageKey ? readStored(storageKey) : ''));
  const source = urlQuery !== '' ? urlQuery : pending;
  const value = useMemo(
    () => readUrlState(schema, new URLSearchParams(source), normalize),
    [schema, source, normalize],
  );
  const query = useMemo(() => writeUrlState(schema, value, normalize).toString(), [schema, value, normalize]);

  useEffect(() => {
    if (pending === '') return;
    if (urlQuery === '') setParams(new URLSearchParams(pending), { replace: true });
    else setPending('');
  }, [pending, urlQuery, setParams]);

  useEffect(() => {
    if (storageKey) store(storageKey, query);
  }, [storageKey, query]);

  const current = useRef(value);
  current.current = value;
  const set = useCallback(
    (next: z.output<S>, opts?: { replace?: boolean }) =>
      setParams(writeUrlState(schema, next, normalize), { replace: opts?.replace }),
    [schema, normalize, setParams],
  );
  const patch = useCallback(
    (changes: Partial<z.output<S>>, opts?: { replace?: boolean }) => set({ ...current.current, ...changes }, opts),
    [set],
  );
  return { value, query, source, set, patch };
}
