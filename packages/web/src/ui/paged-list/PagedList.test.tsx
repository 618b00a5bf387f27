import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Paging, PerPage } from '@zaplecze/contract';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { format, formatInteger } from '@web/i18n';
import { uiText } from '../texts';
import { PagedList } from './PagedList';
import type { PageAnswer, PagedColumn } from './types';
import { usePagedList } from './usePagedList';

interface Item {
  id: number;
  name: string;
}

const columns: PagedColumn<Item>[] = [
  { id: 'id', header: () => 'ID', cell: (r) => r.id, width: '6rem' },
  { id: 'name', header: () => 'Nazwa', cell: (r) => r.name },
];

/** A page of `perPage` rows numbered from the page's offset, out of `count`. */
function pageOf(c: Paging, count: number, label = 'Towar'): PageAnswer<Item> {
  const first = (c.page - 1) * c.perPage;
  const n = Math.max(0, Math.min(c.perPage, count - first));
  return {
    rows: Array.from({ length: n }, (_, i) => ({ id: first + i + 1, name: `${label} ${first + i + 1}` })),
    count,
    perPage: c.perPage,
  };
}

type Fetch = (c: Paging, signal: AbortSignal) => Promise<PageAnswer<Item>>;

function Harness({ fetchPage, perPage = 100 }: { fetchPage: Fetch; perPage?: PerPage }) {
  const [criteria, setCriteria] = useState<Paging>({ page: 1, perPage });
  const list = usePagedList({ queryKey: ['test-items'], criteria, fetchPage });
  return (
    <>
      <button type="button" onClick={list.select.start}>
        multi
      </button>
      <output data-testid="selected">{list.select.selectedIds.join(',')}</output>
      <PagedList
        list={list}
        columns={columns}
        texts={{ noun: 'towarów', empty: 'Brak towarów' }}
        onPage={(page) => setCriteria((c) => ({ ...c, page }))}
        onPerPage={(n) => setCriteria({ page: 1, perPage: n })}
        testId="items"
      />
    </>
  );
}

function renderList(fetchPage: Fetch, perPage?: PerPage) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Harness fetchPage={fetchPage} perPage={perPage} />
    </QueryClientProvider>,
  );
}

const t = uiText().pagedList;
const bar = (position: 'top' | 'bottom') => screen.getByTestId(`items-paging-${position}`);
const rowsInDom = () => screen.queryAllByTestId(/^items-row-/);

// jsdom has no layout: every box is 0 px high, so a virtualiser would see no visible area. The
// table's scrolling box is given a real height (600 px) and everything else keeps 0.
const VIEWPORT = 600;
const clientHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute('data-virtual-scroll') ? VIEWPORT : 0;
    },
  });
});
afterAll(() => {
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  if (clientHeight) Object.defineProperty(Element.prototype, 'clientHeight', clientHeight);
});
afterEach(() => cleanup());

describe('PagedList paging', () => {
  it("shows 'Strona X / Y' and 'Wyświetlanie N z M towarów' above and below the table", async () => {
    renderList(async (c) => pageOf(c, 1_000_000));
    await screen.findByTestId('items-row-1');
    for (const position of ['top', 'bottom'] as const) {
      expect(within(bar(position)).getByTestId(`items-paging-${position}-page`).textContent).toBe(
        'Strona 1 / 10\u00a0000',
      );
      expect(within(bar(position)).getByTestId(`items-paging-${position}-showing`).textContent).toBe(
        'Wyświetlanie 100 z 1\u00a0000\u00a0000 towarów',
      );
    }
  });

  it('goes to the next and previous page; the buttons stop at the ends', async () => {
    const fetchPage = vi.fn<Fetch>(async (c) => pageOf(c, 250));
    renderList(fetchPage);
    await screen.findByTestId('items-row-1');
    const previous = screen.getByTestId('items-paging-top-previous') as HTMLButtonElement;
    const next = screen.getByTestId('items-paging-bottom-next') as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    fireEvent.click(next);
    await screen.findByTestId('items-row-101');
    expect(screen.getByTestId('items-paging-top-page').textContent).toBe(format(t.page, { page: 2, pages: 3 }));
    fireEvent.click(screen.getByTestId('items-paging-top-next'));
    await screen.findByTestId('items-row-201');
    expect(screen.getByTestId('items-paging-bottom-showing').textContent).toBe(
      format(t.showing, { shown: 50, count: 250, noun: 'towarów' }),
    );
    expect((screen.getByTestId('items-paging-top-next') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('items-paging-bottom-previous'));
    await screen.findByTestId('items-row-101');
    // Back on page 2 the cached answer shows at once (and is checked again in the background).
    expect(screen.getByTestId('items-paging-top-page').textContent).toBe(format(t.page, { page: 2, pages: 3 }));
    expect(fetchPage.mock.calls.map(([c]) => c.page).slice(0, 3)).toEqual([1, 2, 3]);
  });

  it('offers the page sizes of the contract and starts again from page 1', async () => {
    const fetchPage = vi.fn<Fetch>(async (c) => pageOf(c, 30_000));
    renderList(fetchPage);
    await screen.findByTestId('items-row-1');
    fireEvent.change(screen.getByTestId('items-paging-top-per-page'), { target: { value: '250' } });
    await waitFor(() =>
      expect(screen.getByTestId('items-paging-top-showing').textContent).toBe(
        format(t.showing, { shown: 250, count: formatInteger(30_000), noun: 'towarów' }),
      ),
    );
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, perPage: 250 }, expect.anything());
    expect(screen.getByTestId('items-paging-top-page').textContent).toBe(
      format(t.page, { page: 1, pages: formatInteger(120) }),
    );
  });

  it("shows the caller's empty message when nothing matches, and one page", async () => {
    renderList(async (c) => pageOf(c, 0));
    await screen.findByText('Brak towarów');
    expect(screen.getByTestId('items-paging-top-page').textContent).toBe('Strona 1 / 1');
    expect(screen.getByTestId('items-paging-top-showing').textContent).toBe('Wyświetlanie 0 z 0 towarów');
  });
});

describe('PagedList virtual rows', () => {
  it('keeps about 60 of 10,000 rows in the DOM and follows the scroll position', async () => {
    renderList(async (c) => pageOf(c, 50_000), 10_000);
    await screen.findByTestId('items-row-1');
    const drawn = rowsInDom().length;
    // 600 px / 41 px ≈ 15 visible rows plus 20 overscan below.
    expect(drawn).toBeGreaterThanOrEqual(15);
    expect(drawn).toBeLessThanOrEqual(60);
    const pads = () =>
      screen.queryAllByTestId('virtual-pad').reduce((sum, el) => sum + parseFloat(el.style.height || '0'), 0);
    // The padding stands for the rows not drawn, so the scroll bar covers the whole page.
    expect(pads()).toBe((10_000 - drawn) * 41);

    const scroller = screen.getByTestId('items-scroll');
    act(() => {
      scroller.scrollTop = 5_000 * 41;
      scroller.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(screen.queryByTestId('items-row-5001')).not.toBeNull());
    expect(screen.queryByTestId('items-row-1')).toBeNull();
    expect(rowsInDom().length).toBeLessThanOrEqual(60);
  });
});

describe('PagedList answers', () => {
  it('never lets an older, slower answer replace a newer one', async () => {
    const pending = new Map<number, (a: PageAnswer<Item>) => void>();
    const fetchPage: Fetch = (c) =>
      c.page === 1
        ? Promise.resolve(pageOf(c, 300, 'Pierwsza'))
        : new Promise((resolve) => pending.set(c.page, resolve));
    renderList(fetchPage);
    await screen.findByText('Pierwsza 1');
    // Page 2 is asked for, then page 3 before page 2 answers.
    fireEvent.click(screen.getByTestId('items-paging-top-next'));
    fireEvent.click(screen.getByTestId('items-paging-top-next'));
    await waitFor(() => expect(pending.size).toBe(2));
    // The newer request (page 3) answers first, the older one (page 2) after it.
    await act(async () => pending.get(3)?.(pageOf({ page: 3, perPage: 100 }, 300, 'Trzecia')));
    await screen.findByText('Trzecia 201');
    await act(async () => pending.get(2)?.(pageOf({ page: 2, perPage: 100 }, 300, 'Druga')));
    expect(screen.queryByText('Druga 101')).toBeNull();
    expect(screen.getByText('Trzecia 201')).toBeTruthy();
    expect(screen.getByTestId('items-paging-top-page').textContent).toBe('Strona 3 / 3');
  });
});

describe('PagedList multi-select', () => {
  it('a click toggles a row and a shift-click selects the range (the shared useMultiSelect)', async () => {
    renderList(async (c) => pageOf(c, 100));
    await screen.findByTestId('items-row-1');
    fireEvent.click(screen.getByRole('button', { name: 'multi' }));
    fireEvent.click(screen.getByTestId('items-row-3'));
    fireEvent.click(within(screen.getByTestId('items-row-7')).getByRole('checkbox'), { shiftKey: true });
    expect(screen.getByTestId('selected').textContent).toBe('3,4,5,6,7');
    expect(screen.getByTestId('items-row-5').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('items-row-8').getAttribute('aria-selected')).toBe('false');
    fireEvent.click(screen.getByTestId('items-row-4'));
    expect(screen.getByTestId('selected').textContent).toBe('3,5,6,7');
  });
});
