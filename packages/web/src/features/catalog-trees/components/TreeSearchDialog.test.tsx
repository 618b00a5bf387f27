import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { TreeNode } from '@zaplecze/contract';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { m } from '@web/i18n';
import { treeKeys } from '@web/data/trees.api';
import { PlaceSearchDialog } from './PlaceSearchDialog';
import { CategorySearchDialog } from './CategorySearchDialog';
import { treesText } from '../texts';

const node = (id: number, number: string, name: string, fullNumber: string, fullName: string): TreeNode => ({
  id,
  number,
  name,
  parentId: null,
  fullNumber,
  fullName,
});
const places = [
  node(1, 'A', 'Hala', 'A', 'Hala'),
  node(2, '1', 'Regał', 'A-1', 'Hala / Regał'),
  node(3, '2', 'Półka dolna', 'A-1-2', 'Hala / Regał / Półka dolna'),
];

function withClient(children: ReactNode, seed?: (c: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seed?.(client);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const t = treesText().search;
const dialog = () => screen.getByRole('dialog');

describe('place and category search dialogs', () => {
  afterEach(() => cleanup());

  it('searches on Enter without submitting the form it sits in, and returns the chosen place', () => {
    const outerSubmit = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    const onChoose = vi.fn();
    const onHide = vi.fn();
    render(
      withClient(
        <form onSubmit={outerSubmit}>
          <PlaceSearchDialog show onHide={onHide} onChoose={onChoose} />
        </form>,
        (c) => c.setQueryData(treeKeys.list('places'), places),
      ),
    );
    expect(within(dialog()).getByText(t.prompt)).toBeTruthy();
    const position = within(dialog()).getByLabelText(t.position);
    fireEvent.change(position, { target: { value: 'a-1' } });
    fireEvent.submit(position);
    expect(outerSubmit).not.toHaveBeenCalled();
    const rows = within(dialog()).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toEqual(['A-1', 'A-1-2']);

    fireEvent.change(within(dialog()).getByLabelText(t.placeName), { target: { value: 'DOLNA' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: new RegExp(t.run) }));
    const [only, ...rest] = within(dialog()).getAllByRole('row').slice(1);
    expect(rest).toHaveLength(0);
    fireEvent.click(within(only as HTMLElement).getByRole('button', { name: t.choose }));
    expect(onChoose).toHaveBeenCalledWith(places[2]);
    expect(onHide).toHaveBeenCalled();
  });

  it('says so when nothing matches and leaves out excluded nodes', () => {
    render(
      withClient(
        <CategorySearchDialog show onHide={() => undefined} onChoose={() => undefined} exclude={new Set([2])} />,
        (c) => c.setQueryData(treeKeys.list('categories'), places),
      ),
    );
    fireEvent.change(within(dialog()).getByLabelText(t.categoryNumber), { target: { value: 'zz' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: new RegExp(t.run) }));
    expect(within(dialog()).getByText(t.noResults)).toBeTruthy();

    fireEvent.change(within(dialog()).getByLabelText(t.categoryNumber), { target: { value: '' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: new RegExp(t.run) }));
    const numbers = within(dialog())
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelector('td')?.textContent);
    expect(numbers).toEqual(['A', '2']);
  });

  it('shows a load error in red', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    render(withClient(<PlaceSearchDialog show onHide={() => undefined} onChoose={() => undefined} />));
    const error = await within(dialog()).findByRole('alert');
    expect(error.className).toContain('text-danger');
    expect(error.textContent).toBe(m().toasts.networkError);
    vi.restoreAllMocks();
  });
});
