import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@zaplecze/contract';
import { ToastProvider } from '@web/platform/toasts/ToastProvider';
import { ModalProvider } from '@web/platform/modals/ModalProvider';
import { InDataRouter } from '@web/ui/test-router';
import { slots } from '@web/extensions/slots';
import { ORDER } from '../order.fixture';
import { OrderForm, type OrderFormLists } from './OrderForm';

const LISTS: OrderFormLists = {
  statuses: [{ id: 5, name: 'Nowe', color: 'ffffff', isDefault: false, isDefaultStationary: false }],
  incomeSources: [{ id: 6, name: 'Sklep', isDefault: false, isDefaultStationary: false }],
  vatValues: ['23', '8'],
  currencyValues: ['PLN'],
  carriers: [],
  countries: [{ code: 'PL', name: 'Polska' }],
};
const DEFAULTS = {
  stationary: false,
  orderStatusId: '5',
  incomeSourceId: '6',
  currency: 'PLN',
  deliveryVat: '23',
  lineVat: '8',
};

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function renderForm(order: Order | undefined, onSaved = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <ModalProvider>
          <InDataRouter>
            <OrderForm order={order} defaults={DEFAULTS} lists={LISTS} onSaved={onSaved} />
          </InDataRouter>
        </ModalProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return onSaved;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('order form and the order.edit.sections slot', () => {
  it('draws plugin sections with the order and runs their after-save step before leaving', async () => {
    const afterSave = vi.fn(() => Promise.resolve());
    const remove = slots.add('order.edit.sections', {
      id: 'test-plugin',
      component: ({ order }) => <div data-testid="plugin-section">{order ? `nr ${order.id}` : 'nowe'}</div>,
      afterSave,
    });
    const fetch = vi.fn(() => Promise.resolve(json(200, ORDER)));
    vi.stubGlobal('fetch', fetch);
    try {
      const onSaved = renderForm(ORDER);
      expect(screen.getByTestId('plugin-section').textContent).toBe('nr 12');
      fireEvent.click(screen.getByTestId('order-save'));
      await waitFor(() => expect(onSaved).toHaveBeenCalled());
      expect(afterSave).toHaveBeenCalledWith(ORDER);
      // The lines' stock lookups (GET /items?id=) go too; the save is the one call to /api/orders.
      const calls = fetch.mock.calls as unknown as [string, RequestInit][];
      const [url, init] = calls.find(([u]) => u === '/api/orders') ?? ['', {}];
      expect(url).toBe('/api/orders');
      expect(init.method).toBe('PUT');
      expect(JSON.parse(init.body as string)).toMatchObject({
        id: 12,
        itemsChanged: false,
        orderDate: ORDER.orderDate,
      });
    } finally {
      remove();
    }
  });

  it('a failing after-save step keeps the user on the page', async () => {
    const remove = slots.add('order.edit.sections', {
      id: 'failing-plugin',
      component: () => null,
      afterSave: () => Promise.reject(new Error('Wtyczka nie działa')),
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(200, ORDER))),
    );
    try {
      const onSaved = renderForm(ORDER);
      fireEvent.click(screen.getByTestId('order-save'));
      await screen.findByText('Wtyczka nie działa', {}, { timeout: 5000 });
      expect(onSaved).not.toHaveBeenCalled();
    } finally {
      remove();
    }
  });

  it('a new order posts nothing while a rule fails and keeps what was typed', async () => {
    const fetch = vi.fn(() => Promise.resolve(json(200, ORDER)));
    vi.stubGlobal('fetch', fetch);
    renderForm(undefined);
    fireEvent.change(screen.getByTestId('order-client-nameSurname'), { target: { value: 'Ewa' } });
    fireEvent.change(screen.getByTestId('order-delivery-cost'), { target: { value: '-1' } });
    fireEvent.click(screen.getByTestId('order-save'));
    await screen.findByTestId('order-delivery-cost-error');
    expect(fetch).not.toHaveBeenCalled();
    expect((screen.getByTestId('order-client-nameSurname') as HTMLInputElement).value).toBe('Ewa');
  });
});
