import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalProvider } from '@web/platform/modals/ModalProvider';
import { ToastProvider } from '@web/platform/toasts/ToastProvider';
import { InDataRouter } from '@web/ui/test-router';
import { itemEditText } from '../texts';
import { ItemForm, type ItemFormLists } from './ItemForm';
import { MassEditForm, type MassEditLists } from './MassEditForm';

const t = itemEditText();

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: 0 } } });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <ModalProvider>
          <InDataRouter>{children}</InDataRouter>
        </ModalProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const itemLists: ItemFormLists = {
  vatValues: ['23', '8'],
  currencyValues: ['PLN'],
  statuses: [{ id: 1, name: 'Nowy', color: '00ff00', isDefault: true }],
  priceLists: [],
  deliveryTimes: [],
  groups: [],
  categories: [],
  places: [],
  descs: [],
  params: [],
  categoryParams: [],
};

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('item form', () => {
  const renderForm = (onSaved = vi.fn()) =>
    wrap(
      <ItemForm
        item={undefined}
        defaults={{ vat: '23', currency: 'PLN', itemStatusId: '1' }}
        lists={itemLists}
        login="firma_jan"
        onCategory={() => undefined}
        onSaved={onSaved}
      />,
    );

  it('does not submit on Enter in the GTIN field', async () => {
    const fetch = vi.fn(() => Promise.resolve(json(200, {})));
    vi.stubGlobal('fetch', fetch);
    renderForm();
    fireEvent.change(screen.getByTestId('item-code'), { target: { value: 'abc' } });
    fireEvent.change(screen.getByTestId('item-price'), { target: { value: '10' } });
    const gtin = screen.getByTestId('item-gtin');
    const enter = fireEvent.keyDown(gtin, { key: 'Enter', code: 'Enter' });
    // the default action (the implicit submit) is prevented
    expect(enter).toBe(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(fetch).not.toHaveBeenCalled();
    expect((screen.getByTestId('item-code') as HTMLInputElement).value).toBe('ABC');
  });

  it('offer quantity: ticking shows 0, unticking hides it; required only when ticked', async () => {
    renderForm();
    expect(screen.queryByTestId('item-count-offer')).toBeNull();
    fireEvent.click(screen.getByLabelText(t.edit.countOfferOn));
    const offer = await screen.findByTestId<HTMLInputElement>('item-count-offer');
    expect(offer.value).toBe('0');
    fireEvent.change(offer, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('item-save'));
    await screen.findByText(t.countInvalid);
    fireEvent.click(screen.getByLabelText(t.edit.countOfferOn));
    await waitFor(() => expect(screen.queryByTestId('item-count-offer')).toBeNull());
  });

  it('shows the character counters', () => {
    renderForm();
    fireEvent.change(screen.getByTestId('item-name'), { target: { value: 'Kubek' } });
    expect(screen.getByTestId('item-name-chars').textContent).toBe('Znaki: 5');
  });
});

const massLists: MassEditLists = {
  vatValues: ['23'],
  statuses: [{ id: 1, name: 'Nowy', color: '00ff00', isDefault: true }],
  priceLists: [],
  deliveryTimes: [],
  groups: [{ id: 4, name: 'Grupa A' }],
  categories: [],
  places: [],
  descs: [],
  params: [],
};

describe('mass edit form', () => {
  it('GTIN DELETE disables mode and value; RANDOM makes the value optional', async () => {
    wrap(<MassEditForm ids={[1]} lists={massLists} onDone={vi.fn()} />);
    fireEvent.click(screen.getByLabelText(t.mass.gtin, { selector: 'input[type=checkbox]' }));
    const mode = screen.getByTestId<HTMLSelectElement>('mass-gtinMode');
    const value = screen.getByTestId<HTMLInputElement>('mass-gtin');
    expect(mode.disabled).toBe(false);
    expect(value.required).toBe(true);
    fireEvent.change(screen.getByTestId('mass-gtinType'), { target: { value: 'DELETE' } });
    await waitFor(() => expect(screen.getByTestId<HTMLSelectElement>('mass-gtinMode').disabled).toBe(true));
    expect(screen.getByTestId<HTMLInputElement>('mass-gtin').disabled).toBe(true);
    fireEvent.change(screen.getByTestId('mass-gtinType'), { target: { value: 'RANDOM' } });
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('mass-gtin').disabled).toBe(false));
    expect(screen.getByTestId<HTMLInputElement>('mass-gtin').required).toBe(false);
  });

  it('sends only the ticked groups, in one batch with an idempotency key', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        bodies.push(JSON.parse(String(init.body)));
        return Promise.resolve(json(200, { ok: ['A', 'B'], err: [], notFound: [] }));
      }),
    );
    const onDone = vi.fn();
    wrap(<MassEditForm ids={[1, 2]} lists={massLists} onDone={onDone} />);
    // typed but unticked: not sent
    fireEvent.change(screen.getByTestId('mass-countWareValue'), { target: { value: '5' } });
    fireEvent.click(screen.getByLabelText(t.mass.price, { selector: 'input[type=checkbox]' }));
    fireEvent.change(screen.getByTestId('mass-priceValue'), { target: { value: '12,5' } });
    fireEvent.click(screen.getByLabelText(t.mass.group, { selector: 'input[type=checkbox]' }));
    fireEvent.change(screen.getByTestId('mass-itemGroupId'), { target: { value: '4' } });
    fireEvent.click(screen.getByTestId('mass-save'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ ids: [1, 2], data: { price: { type: 'SET', value: '12.5' }, itemGroupId: 4 } });
    const body = bodies[0] as { data: Record<string, unknown>; idempotencyKey: string };
    expect(Object.keys(body.data).sort()).toEqual(['itemGroupId', 'price']);
    expect(body.idempotencyKey.length).toBeGreaterThanOrEqual(8);
  });

  it('requires the value of a ticked group and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    wrap(<MassEditForm ids={[1]} lists={massLists} onDone={vi.fn()} />);
    fireEvent.click(screen.getByLabelText(t.mass.countWare, { selector: 'input[type=checkbox]' }));
    fireEvent.click(screen.getByTestId('mass-save'));
    await screen.findByText(t.required);
    expect(fetch).not.toHaveBeenCalled();
  });
});
