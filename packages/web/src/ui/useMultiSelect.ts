import { useCallback, useRef, useState } from 'react';

/**
 * Mass selection on lists (platform.md §4): a click toggles a row; a shift-click applies the new
 * state of the last clicked row to the whole range between them; ending the mode clears it.
 * `order` is the list's current row order (ids), used to find the range.
 */
export function useMultiSelect(order: readonly number[]) {
  const [active, setActive] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const last = useRef<{ id: number; state: boolean } | undefined>(undefined);

  const toggle = useCallback(
    (id: number, shift = false) => {
      setSelected((prev) => {
        const next = new Set(prev);
        const from = last.current ? order.indexOf(last.current.id) : -1;
        const to = order.indexOf(id);
        if (shift && last.current && from >= 0 && to >= 0) {
          const state = last.current.state;
          const [a, b] = from < to ? [from, to] : [to, from];
          for (const rowId of order.slice(a, b + 1)) {
            if (state) next.add(rowId);
            else next.delete(rowId);
          }
          last.current = { id, state };
        } else {
          const state = !next.has(id);
          if (state) next.add(id);
          else next.delete(id);
          last.current = { id, state };
        }
        return next;
      });
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
  return { active, selected, selectedIds, toggle, start, end, isSelected: (id: number) => selected.has(id) };
}

export type MultiSelect = ReturnType<typeof useMultiSelect>;
