import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TreeNode } from '@zaplecze/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { visibleRows } from '../tree-model';
import { TreeTable, type TreeTableProps } from './TreeTable';
import { treesText } from '../texts';

const node = (id: number, parentId: number | null, fullNumber: string, name: string): TreeNode => ({
  id,
  parentId,
  fullNumber,
  number: fullNumber.split('-').at(-1) ?? '',
  name,
  fullName: name,
});
const nodes = [node(1, null, 'A', 'Hala'), node(2, 1, 'A-1', 'Regał'), node(3, 2, 'A-1-1', 'Półka')];

function renderTable(overrides: Partial<TreeTableProps> = {}) {
  const props: TreeTableProps = {
    rows: visibleRows(nodes, new Set()),
    showPosition: true,
    addChildLabel: treesText().places.addChild,
    canEdit: true,
    multi: false,
    selected: new Set(),
    editingId: undefined,
    deletingId: undefined,
    onToggle: vi.fn(),
    onAddChild: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn(),
    onSelect: vi.fn(),
    ...overrides,
  };
  render(<TreeTable {...props} />);
  return props;
}

const row = (id: number) => screen.getByTestId(`tree-row-${id}`);
const t = treesText().tree;

describe('TreeTable', () => {
  afterEach(() => cleanup());

  it('indents names 1 em per level and shows the full position', () => {
    renderTable();
    const indent = (id: number) => (row(id).querySelector('div[style]') as HTMLElement).style.paddingLeft;
    expect([indent(1), indent(2), indent(3)]).toEqual(['0em', '1em', '2em']);
    expect(within(row(3)).getByText('A-1-1')).toBeTruthy();
  });

  it('offers add-child, edit and delete per row, and a toggle only where there are children', () => {
    const props = renderTable();
    fireEvent.click(within(row(2)).getByRole('button', { name: treesText().places.addChild }));
    expect(props.onAddChild).toHaveBeenCalledWith(nodes[1]);
    fireEvent.click(within(row(2)).getByRole('button', { name: t.edit }));
    expect(props.onEdit).toHaveBeenCalledWith(nodes[1]);
    fireEvent.click(within(row(3)).getByRole('button', { name: t.delete }));
    expect(props.onDelete).toHaveBeenCalledWith(nodes[2]);
    fireEvent.click(within(row(1)).getByRole('button', { name: `${t.collapse}: Hala` }));
    expect(props.onToggle).toHaveBeenCalledWith(1);
    expect(within(row(3)).queryByRole('button', { name: /Półka$/ })).toBeNull();
  });

  it('hides the change buttons without the right to change', () => {
    renderTable({ canEdit: false });
    expect(within(row(1)).queryByRole('button', { name: t.edit })).toBeNull();
    expect(within(row(1)).queryByRole('button', { name: t.delete })).toBeNull();
  });

  it('in multi-select mode rows toggle on click, shift-click passes the shift, buttons are hidden', () => {
    const props = renderTable({ multi: true, selected: new Set([2]) });
    expect(within(row(1)).queryByRole('button', { name: t.edit })).toBeNull();
    expect((within(row(2)).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    expect(row(2).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(row(1));
    expect(props.onSelect).toHaveBeenLastCalledWith(1, false);
    fireEvent.click(within(row(3)).getByRole('checkbox'), { shiftKey: true });
    expect(props.onSelect).toHaveBeenLastCalledWith(3, true);
    expect(props.onSelect).toHaveBeenCalledTimes(2);
  });

  it('draws a bounded number of rows of a big tree and follows the page scroll', async () => {
    // jsdom has no layout: the window is 768 px high and rows take the 41 px estimate. The
    // virtualiser writes its scroll position back on start; jsdom has no window.scrollTo.
    vi.stubGlobal('scrollTo', vi.fn());
    const big = Array.from({ length: 2000 }, (_, i) => node(i + 1, null, `N${i + 1}`, `Węzeł ${i + 1}`));
    renderTable({ rows: visibleRows(big, new Set()) });
    const drawn = () => screen.getAllByTestId(/^tree-row-/).length;
    expect(drawn()).toBeGreaterThan(10);
    expect(drawn()).toBeLessThanOrEqual(60);
    expect(screen.queryByTestId('tree-row-1')).not.toBeNull();

    const scrollY = Object.getOwnPropertyDescriptor(window, 'scrollY');
    try {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 1000 * 41 });
      act(() => {
        window.dispatchEvent(new Event('scroll'));
      });
      await waitFor(() => expect(screen.queryByTestId('tree-row-1001')).not.toBeNull());
      expect(screen.queryByTestId('tree-row-1')).toBeNull();
      expect(drawn()).toBeLessThanOrEqual(60);
    } finally {
      if (scrollY) Object.defineProperty(window, 'scrollY', scrollY);
      vi.unstubAllGlobals();
    }
  });
});
