import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Item } from '@zaplecze/contract';
import type { ItemEditSection, PluginSlots } from '@zaplecze/plugin-sdk-web';
import { ToastProvider } from '@web/platform/toasts/ToastProvider';
import entry from './index';
import ItemFitmentsSection from './ItemFitmentsSection';

const MODELS = [
  { id: 11, makeId: 1, makeName: 'Honda', name: 'CB 500F', capacity: 471, yearFrom: 2013, yearTo: null, type: 'Naked' },
  { id: 21, makeId: 2, makeName: 'Yamaha', name: 'MT-07', capacity: 689, yearFrom: 2014, yearTo: 2020, type: 'Naked' },
];
let puts: unknown[];

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

/** The entry's item edit section entry, as the host would register it. */
function editEntry(): ItemEditSection {
  let found: ItemEditSection | undefined;
  const slots = {
    add: (slot: string, e: unknown) => {
      if (slot === 'item.edit.sections') found = e as ItemEditSection;
      return () => undefined;
    },
  } as unknown as PluginSlots;
  entry.register?.(slots);
  return found!;
}

describe("the moto item edit section 'Pasuje do motocykli'", () => {
  beforeEach(() => {
    puts = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)));
          return json({ fitments: [] });
        }
        if (url.includes('/makes'))
          return json({
            makes: [
              { id: 1, name: 'Honda', models: 1 },
              { id: 2, name: 'Yamaha', models: 1 },
            ],
          });
        if (url.includes('/models')) return json({ models: MODELS });
        return json({
          fitments: [
            {
              modelId: 11,
              makeId: 1,
              makeName: 'Honda',
              modelName: 'CB 500F',
              capacity: 471,
              yearFrom: 2013,
              yearTo: 2016,
            },
          ],
        });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the item's fitments, edits the list and saves it with the item (afterSave)", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ToastProvider>
          <Suspense>
            <ItemFitmentsSection item={{ id: 5 } as Item} />
          </Suspense>
        </ToastProvider>
      </QueryClientProvider>,
    );
    const list = await screen.findByTestId('moto-item-list');
    expect(within(list).getByText('CB 500F')).toBeTruthy();
    // Nothing changed: the save leaves the fitments alone.
    const section = editEntry();
    await section.afterSave!({ id: 5 } as Item);
    expect(puts).toEqual([]);

    fireEvent.change(screen.getByLabelText('Marka'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Model'), { target: { value: '21' } });
    expect((screen.getByLabelText('Rok od') as HTMLInputElement).value).toBe('2014');
    fireEvent.change(screen.getByLabelText('Rok do'), { target: { value: '2012' } });
    fireEvent.click(screen.getByTestId('moto-item-add'));
    expect(screen.getByRole('alert').textContent).toBe('Rok „do” nie może być wcześniejszy niż rok „od”.');
    fireEvent.change(screen.getByLabelText('Rok do'), { target: { value: '2018' } });
    fireEvent.click(screen.getByTestId('moto-item-add'));
    fireEvent.click(within(screen.getByTestId('moto-item-list')).getAllByTitle('Usuń dopasowanie')[0]!);
    await waitFor(() => expect(within(screen.getByTestId('moto-item-list')).queryByText('CB 500F')).toBeNull());

    await section.afterSave!({ id: 5 } as Item);
    expect(puts).toEqual([{ itemId: 5, fitments: [{ modelId: 21, yearFrom: 2014, yearTo: 2018 }] }]);
  });
});
