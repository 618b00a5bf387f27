import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalProvider } from '@web/platform/modals/ModalProvider';
import { ToastProvider } from '@web/platform/toasts/ToastProvider';
import { m } from '@web/i18n';
import ItemStatusesPage from './ItemStatusesPage';
import { listsText } from './texts';
import { uiText } from '@web/ui/texts';

const auth = vi.hoisted(() => ({ permissions: 'main.items.edit' }));
vi.mock('@web/platform/auth/AuthProvider', () => ({
  useAuth: () => ({ user: { login: 'firma_jan', permissions: auth.permissions } }),
}));

const t = listsText();
const u = uiText().list;
let statuses = [
  { id: 1, name: 'Dostępny', color: 'ffff00', isDefault: true },
  { id: 2, name: 'Wyprzedany', color: '000080', isDefault: false },
];
let calls: { method: string; url: string; body?: unknown }[] = [];

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
          <ItemStatusesPage />
        </ModalProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('item statuses screen (ReferenceListPage configured for statuses)', () => {
  beforeEach(() => {
    auth.permissions = 'main.items.edit';
    statuses = [
      { id: 1, name: 'Dostępny', color: 'ffff00', isDefault: true },
      { id: 2, name: 'Wyprzedany', color: '000080', isDefault: false },
    ];
    calls = [];
    vi.stubGlobal('scrollTo', vi.fn());
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (method === 'PUT' && url.endsWith('/api/options')) {
          const { value } = JSON.parse(String(init?.body)) as { value: string };
          statuses = statuses.map((s) => ({ ...s, isDefault: String(s.id) === value }));
          return json(204);
        }
        if (method === 'GET' && url.endsWith('/api/item_statuses')) return json(200, { itemStatuses: statuses });
        return json(500, { message: 'nieoczekiwane wywołanie' });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('draws colour badges with readable text and the default tag', async () => {
    renderPage();
    await screen.findByText('Wyprzedany');
    const light = within(rowOf('Dostępny')).getByTestId('row-badge');
    const dark = within(rowOf('Wyprzedany')).getByTestId('row-badge');
    expect(light.style.color).toBe('rgb(0, 0, 0)');
    expect(dark.style.color).toBe('rgb(255, 255, 255)');
    expect(within(rowOf('Dostępny')).getByText(u.defaultBadge)).toBeTruthy();
    expect(within(rowOf('Wyprzedany')).queryByText(u.defaultBadge)).toBeNull();
    expect(screen.getByText(t.itemStatuses.addHeading)).toBeTruthy();
  });

  it('sets the default after a confirmation with PUT /options and reloads the list', async () => {
    renderPage();
    await screen.findByText('Wyprzedany');
    fireEvent.click(within(rowOf('Wyprzedany')).getByRole('button', { name: u.defaultsMenu }));
    fireEvent.click(await screen.findByRole('menuitem', { name: u.setDefault }));
    await screen.findByText('Czy ustawić status „Wyprzedany” jako domyślny dla nowych towarów?');
    fireEvent.click(screen.getByRole('button', { name: m().common.yes }));

    await waitFor(() => expect(within(rowOf('Wyprzedany')).queryByText(u.defaultBadge)).toBeTruthy());
    expect(within(rowOf('Dostępny')).queryByText(u.defaultBadge)).toBeNull();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/options',
      body: { key: 'DEFAULT_ITEM_STATUS_ID', value: '2' },
    });
  });

  it('offers to remove the default of the default row', async () => {
    renderPage();
    await screen.findByText('Dostępny');
    fireEvent.click(within(rowOf('Dostępny')).getByRole('button', { name: u.defaultsMenu }));
    expect(await screen.findByRole('menuitem', { name: u.removeDefault })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: u.setDefault })).toBeNull();
  });

  it('hides the form and the change buttons without main.items.edit', async () => {
    auth.permissions = 'main.items.show';
    renderPage();
    await screen.findByText('Wyprzedany');
    expect(screen.getByText(u.readOnly)).toBeTruthy();
    expect(screen.queryByText(t.itemStatuses.addHeading)).toBeNull();
    expect(screen.queryByRole('button', { name: u.edit })).toBeNull();
    expect(screen.queryByRole('button', { name: u.delete })).toBeNull();
    expect(screen.queryByRole('button', { name: u.defaultsMenu })).toBeNull();
    // The list's reader codes need main.items.edit too (only the item reader acts on them).
    expect(screen.queryByRole('button', { name: uiText().multiSelect.start })).toBeNull();
  });
});
