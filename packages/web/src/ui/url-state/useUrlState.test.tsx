import { act, cleanup, renderHook } from '@testing-library/react';
import { LIST_STORAGE_KEYS, pagingSchema } from '@zaplecze/contract';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useUrlState, type UseUrlStateOptions } from './useUrlState';

const schema = pagingSchema.extend({ name: z.string().optional() });
type Search = z.output<typeof schema>;
const KEY = LIST_STORAGE_KEYS.items.lastSearch;

/** Runs the hook on /items?{query} inside a real (memory) router; `url()` is the current URL. */
function setup(query: string, options: UseUrlStateOptions<Search> = { storageKey: KEY }) {
  const location = { current: '' };
  function Probe() {
    const l = useLocation();
    location.current = `${l.pathname}${l.search}`;
    return null;
  }
  const wrapper = ({ children }: { children: ReactNode }) => {
    const router = createMemoryRouter(
      [
        {
          path: '/items',
          element: (
            <>
              <Probe />
              {children}
            </>
          ),
        },
      ],
      { initialEntries: [`/items${query ? `?${query}` : ''}`] },
    );
    return <RouterProvider router={router} />;
  };
  const result = renderHook(() => useUrlState(schema, options), { wrapper });
  return { result: result.result, url: () => location.current };
}

describe('useUrlState', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => cleanup());

  it('reads the URL field by field and writes only non-default values', () => {
    const { result, url } = setup('page=3&perPage=7&name=kubek');
    expect(result.current.value).toEqual({ page: 3, perPage: 100, name: 'kubek' });
    act(() => result.current.patch({ page: 1, perPage: 500 }));
    expect(url()).toBe('/items?perPage=500&name=kubek');
    expect(result.current.value).toEqual({ page: 1, perPage: 500, name: 'kubek' });
  });

  it('saves each new search in session storage under the given key', () => {
    const { result } = setup('name=kubek');
    expect(sessionStorage.getItem(KEY)).toBe('name=kubek');
    act(() => result.current.set({ page: 2, perPage: 100, name: 'talerz' }));
    expect(sessionStorage.getItem(KEY)).toBe('page=2&name=talerz');
  });

  it('restores the last search when the URL has no query string, from the first render', () => {
    sessionStorage.setItem(KEY, 'page=4&name=kubek');
    const { result, url } = setup('');
    expect(result.current.value).toEqual({ page: 4, perPage: 100, name: 'kubek' });
    expect(url()).toBe('/items?page=4&name=kubek');
  });

  it('a query string in the URL wins over the saved search', () => {
    sessionStorage.setItem(KEY, 'page=4&name=kubek');
    const { result } = setup('name=talerz');
    expect(result.current.value.name).toBe('talerz');
    expect(sessionStorage.getItem(KEY)).toBe('name=talerz');
  });

  it('clearing the search does not bring the saved one back', () => {
    sessionStorage.setItem(KEY, 'name=kubek');
    const { result, url } = setup('');
    act(() => result.current.set({ page: 1, perPage: 100 }));
    expect(url()).toBe('/items');
    expect(result.current.value).toEqual({ page: 1, perPage: 100 });
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('drops invalid saved fields like URL ones, and stores nothing without a key', () => {
    sessionStorage.setItem(KEY, 'page=abc&perPage=250');
    const { result } = setup('', {});
    expect(result.current.value).toEqual({ page: 1, perPage: 100 });
    const restored = setup('');
    expect(restored.result.current.value).toEqual({ page: 1, perPage: 250 });
  });
});
