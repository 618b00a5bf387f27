import { useCallback, useRef, useState } from 'react';

/**
 * Mass selection on lists (docs/rules/platform-rules.md §4): a click toggles a row; a shift-click applies the new
 * state of the last clicked row to the whole range between them; ending the mode clears it.
 * `order` is the list's current row order (ids), used to find the range.
 */
export function useMultiSelect(order: readonly number[]) {
  const [active, setActive] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const last = useRef<{ id: number; state: boolean } | undefined>(undefined);

  // Computed outside the state updater: updaters must be pure (StrictMode runs them twice), and
  // this one moves `last`.
  const toggle = useCallback(
    (id: number, shift = false) => {
      const prev = last.current;
      const from = prev ? order.indexOf(prev.id) : -1;
      const to = order.indexOf(id);
      const range = shift && prev !== undefined && from >= 0 && to >= 0;
      const state = range ? prev.state : !selected.has(id);
      const ids = range ? order.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
      const next = new Set(selected);
      for (const rowId of ids) {
        if (state) next.add(rowId);
        else next.delete(rowId);
      }
      last.current = { id, state };
      setSelected(next);
    },
    [order, selected],
  );

  /** Select-all of the page (docs/decisions.md, Lists): every row of `order`, or none. */
  const setAll = useCallback(
    (state: boolean) => {
      last.current = undefined;
      setSelected(state ? new Set(order) : new Set());
    },
    [order],
  );

  const start = useCallback(() => setActive(true), []);
  const end = useCallback(() => {
    setActive(false);
    setSelected(new Set());
    last.current = undefined;
  }, []);

  /** Selected ids in list order (what a printed sheet follows). */
  const selectedIds = order.filter((id) => selected.has(id));
  return { active, selected, selectedIds, toggle, setAll, start, end, isSelected: (id: number) => selected.has(id) };
}

export type MultiSelect = ReturnType<typeof useMultiSelect>;
