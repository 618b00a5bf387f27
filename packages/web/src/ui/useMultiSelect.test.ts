import { act, renderHook } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { useMultiSelect } from './useMultiSelect';

const order = [10, 20, 30, 40, 50];

describe('useMultiSelect', () => {
  it('a click toggles one row', () => {
    const { result } = renderHook(() => useMultiSelect(order));
    act(() => result.current.toggle(20));
    expect(result.current.selectedIds).toEqual([20]);
    act(() => result.current.toggle(20));
    expect(result.current.selectedIds).toEqual([]);
  });

  it('a shift-click selects the range from the last click, in list order', () => {
    const { result } = renderHook(() => useMultiSelect(order));
    act(() => result.current.toggle(40));
    act(() => result.current.toggle(20, true));
    expect(result.current.selectedIds).toEqual([20, 30, 40]);
  });

  it('a shift-click uses the state of the last clicked row: unselecting clears the range', () => {
    const { result } = renderHook(() => useMultiSelect(order));
    act(() => result.current.toggle(10));
    act(() => result.current.toggle(50, true));
    expect(result.current.selectedIds).toEqual(order);
    act(() => result.current.toggle(20));
    act(() => result.current.toggle(40, true));
    expect(result.current.selectedIds).toEqual([10, 50]);
  });

  it('ending the mode clears the selection', () => {
    const { result } = renderHook(() => useMultiSelect(order));
    act(() => result.current.start());
    act(() => result.current.toggle(30));
    act(() => result.current.end());
    expect(result.current.active).toBe(false);
    expect(result.current.selectedIds).toEqual([]);
  });
});

describe('useMultiSelect under StrictMode (state updaters run twice in development)', () => {
  it('a shift-click still selects the whole range', () => {
    const { result } = renderHook(() => useMultiSelect(order), { wrapper: StrictMode });
    act(() => result.current.toggle(40));
    act(() => result.current.toggle(20, true));
    expect(result.current.selectedIds).toEqual([20, 30, 40]);
  });
});

describe('useMultiSelect select-all', () => {
  it('selects every row of the page in list order, and clears them again', () => {
    const { result } = renderHook(() => useMultiSelect(order));
    act(() => result.current.toggle(30));
    act(() => result.current.setAll(true));
    expect(result.current.selectedIds).toEqual(order);
    act(() => result.current.setAll(false));
    expect(result.current.selectedIds).toEqual([]);
  });
});
