import { TOAST } from '@zaplecze/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalProvider } from '@web/platform/modals/ModalProvider';
import { ToastProvider } from '@web/platform/toasts/ToastProvider';
import { InDataRouter } from '@web/ui/test-router';
import { m } from '@web/i18n';
import VatSettingsPage from './VatSettingsPage';
import { settingsText } from './texts';

const auth = vi.hoisted(() => ({ permissions: 'main.settings.edit' }));
vi.mock('@web/platform/auth/AuthProvider', () => ({
  useAuth: () => ({ user: { login: 'firma_jan', permissions: auth.permissions } }),
}));

const t = settingsText().vat;
const stored = {
  VAT_VALUES: '23;8',
  VAT_DEFAULT_ITEM: '23',
  VAT_DEFAULT_ORDER_ITEM: '8',
  VAT_DEFAULT_ORDER_DELIVERY: '23',
  VAT_DEFAULT_STATIONARY_DELIVERY: '',
};
let puts: unknown[] = [];
let putAnswer: { status: number; body?: unknown } = { status: 204 };

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: 0 } } });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <ModalProvider>
          <InDataRouter>
            <VatSettingsPage />
          </InDataRouter>
        </ModalProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const rateInput = () => screen.getByLabelText(t.newRate);
const addRate = (value: string) => {
  fireEvent.change(rateInput(), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: m().common.add }));
};
const rates = () => screen.queryAllByTestId('vat-rate').map((el) => el.textContent);
const select = (label: string) => screen.getByLabelText<HTMLSelectElement>(label);

describe('VAT settings screen', () => {
  beforeEach(() => {
    auth.permissions = 'main.settings.edit';
    puts = [];
    putAnswer = { status: 204 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)));
          return json(putAnswer.status, putAnswer.body);
        }
        expect(url).toContain('/api/options?keys=');
        return json(200, { options: Object.entries(stored).map(([key, value]) => ({ key, value })) });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('adds rates, refuses repeats and bad rates with 8 s warnings, resets the input', async () => {
    renderPage();
    await waitFor(() => expect(rates()).toEqual(['23%', '8%']));
    expect(select(t.defaultItem).value).toBe('23');
    expect(select(t.defaultStationaryDelivery).value).toBe('');
    expect(within(select(t.defaultStationaryDelivery)).getByText(m().common.none)).toBeTruthy();

    addRate('5.5');
    expect(rates()).toEqual(['23%', '8%', '5,5%']);
    expect(rateInput()).toHaveProperty('value', '0');

    addRate('23');
    expect(await screen.findByText(t.duplicate)).toBeTruthy();
    expect(screen.getAllByText(t.addErrorTitle).length).toBeGreaterThan(0);
    addRate('-5');
    expect(await screen.findByText(t.invalid)).toBeTruthy();
    expect(rates()).toEqual(['23%', '8%', '5,5%']);
  });

  it('the add warnings close after 8 s (docs/rules/platform-rules.md §9)', async () => {
    renderPage();
    await waitFor(() => expect(rates()).toEqual(['23%', '8%']));
    const timers = vi.spyOn(window, 'setTimeout');
    addRate('23');
    expect(await screen.findByText(t.duplicate)).toBeTruthy();
    expect(timers).toHaveBeenCalledWith(expect.any(Function), TOAST.appearDelayMs + 8000);
    timers.mockRestore();
  });

  it('deleting a rate asks first and clears the defaults that used it; Save sends one PUT', async () => {
    renderPage();
    await waitFor(() => expect(rates()).toEqual(['23%', '8%']));
    fireEvent.click(screen.getByRole('button', { name: 'Usuń stawkę 23%' }));
    expect(await screen.findByText(t.deleteConfirm)).toBeTruthy();
    expect(screen.getByText(t.deleteConfirmTitle)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: m().common.yes }));
    await waitFor(() => expect(rates()).toEqual(['8%']));
    expect(select(t.defaultItem).value).toBe('');
    expect(select(t.defaultOrderItem).value).toBe('8');
    fireEvent.change(select(t.defaultStationaryDelivery), { target: { value: '8' } });

    fireEvent.click(screen.getByRole('button', { name: new RegExp(t.save) }));
    expect(await screen.findByText(t.saved)).toBeTruthy();
    expect(puts).toEqual([
      {
        options: [
          { key: 'VAT_VALUES', value: '8' },
          { key: 'VAT_DEFAULT_ITEM', value: '' },
          { key: 'VAT_DEFAULT_ORDER_ITEM', value: '8' },
          { key: 'VAT_DEFAULT_ORDER_DELIVERY', value: '' },
          { key: 'VAT_DEFAULT_STATIONARY_DELIVERY', value: '8' },
        ],
      },
    ]);
  });

  it('a failed save shows the server message and keeps what was entered', async () => {
    putAnswer = { status: 400, body: { code: 400, message: 'Niepoprawna stawka VAT!' } };
    renderPage();
    await waitFor(() => expect(rates()).toEqual(['23%', '8%']));
    addRate('0');
    fireEvent.click(screen.getByRole('button', { name: new RegExp(t.save) }));
    expect(await screen.findByText(m().toasts.saveErrorTitle)).toBeTruthy();
    expect(screen.getByText('Niepoprawna stawka VAT!')).toBeTruthy();
    expect(rates()).toEqual(['23%', '8%', '0%']);
  });

  it('is read-only without main.settings.edit', async () => {
    auth.permissions = 'main.items.show';
    renderPage();
    await waitFor(() => expect(rates()).toEqual(['23%', '8%']));
    expect(screen.getByText(settingsText().readOnly)).toBeTruthy();
    expect(screen.queryByLabelText(t.newRate)).toBeNull();
    expect(screen.queryByRole('button', { name: new RegExp(t.save) })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Usuń stawkę 23%' })).toBeNull();
    expect(select(t.defaultItem).disabled).toBe(true);
  });
});
