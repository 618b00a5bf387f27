import { APP_NAME, type PluginInfo } from '@zaplecze/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalProvider } from '@web/platform/modals/ModalProvider';
import { ToastProvider } from '@web/platform/toasts/ToastProvider';
import { useDocumentTitle } from '@web/platform/route-handle';
import { m } from '@web/i18n';
import type { PluginHostState } from '@web/extensions/plugins/host';
import { pluginText } from '@web/extensions/plugins/texts';
import type { WebPlugin } from '@web/extensions/plugins/types';
import PluginHostPage from './PluginHostPage';

const host = vi.hoisted(() => ({ state: undefined as unknown as PluginHostState }));
vi.mock('@web/extensions/plugins/host', () => ({ usePluginHost: () => host.state }));

const t = pluginText();
const info = (id: string, name: string): PluginInfo => ({
  id,
  name,
  desc: '',
  version: '1.0.0',
  installed: true,
  dependsOn: [],
  hasSettings: true,
  broken: null,
});

function Boom(): never {
  throw new Error('plugin bug');
}

const moto: WebPlugin = {
  id: 'moto',
  screens: {
    makes: { title: 'Marki i modele', component: ({ controller }) => <p>ekran {controller}</p> },
    broken: { title: 'Zepsuty ekran', component: Boom },
  },
  settings: {
    fields: [
      { name: 'apiUrl', label: 'Adres usługi', type: 'text' },
      { name: 'limit', label: 'Limit', type: 'number' },
      { name: 'token', label: 'Token', type: 'secret' },
      { name: 'key', label: 'Klucz', type: 'secret' },
      { name: 'old', label: 'Stary klucz', type: 'secret' },
    ],
  },
};

const ready = (plugins: WebPlugin[], failed: [string, string][] = []): PluginHostState => ({
  phase: 'ready',
  installed: [info('moto', 'Moduł motocyklowy')],
  plugins: new Map(plugins.map((p) => [p.id, p])),
  failed: new Map(failed),
});

/** The shell's title hook beside the page, as in the app. */
function TitleProbe() {
  useDocumentTitle();
  return null;
}

let puts: unknown[];
function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/plugin/:pluginName',
        element: (
          <>
            <TitleProbe />
            <PluginHostPage />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <ModalProvider>
          <RouterProvider router={router} />
        </ModalProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('plugin host page', () => {
  beforeEach(() => {
    host.state = ready([moto]);
    puts = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        expect(url).toBe('/api/plugins/moto/settings');
        if (init?.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)));
          return json(204);
        }
        return json(200, {
          values: { apiUrl: 'https://example.pl', limit: 5 },
          secrets: { token: 'set', key: 'unset', old: 'unreadable' },
        });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('renders the screen for the controller and sets the page title from it', async () => {
    renderAt('/plugin/moto?controller=makes');
    expect(screen.getByText('ekran makes')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Marki i modele' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`Marki i modele - ${APP_NAME}`));
  });

  it('waits for the plugins to load (states 1 and 2) with a spinner', () => {
    host.state = { ...ready([]), phase: 'modules' };
    renderAt('/plugin/moto?controller=makes');
    expect(screen.getByTestId('loading')).toBeTruthy();
  });

  it('an unknown or not installed plugin: “No module!” in red', () => {
    renderAt('/plugin/allegro?controller=makes');
    const err = screen.getByTestId('plugin-host-error');
    expect(err.textContent).toBe(t.noModule);
    expect(err.className).toContain('text-danger');
  });

  it('a plugin whose web entry failed: “No module!” with the reason', () => {
    host.state = ready([], [['moto', 'chunk missing']]);
    renderAt('/plugin/moto?controller=makes');
    expect(screen.getByTestId('plugin-host-error').textContent).toBe(`${t.noModule}chunk missing`);
  });

  it('an unknown path: “No component!” in red', () => {
    renderAt('/plugin/moto?controller=nieznany');
    const err = screen.getByTestId('plugin-host-error');
    expect(err.textContent).toBe(t.noComponent);
    expect(err.className).toContain('text-danger');
  });

  it('the plugins failed to load: the loading error', () => {
    host.state = { ...ready([]), phase: 'error', error: 'Serwer nie odpowiada' };
    renderAt('/plugin/moto?controller=makes');
    expect(screen.getByTestId('plugin-host-error').textContent).toBe(`${t.loadErrorTitle}Serwer nie odpowiada`);
  });

  it('a screen that throws shows the plugin error in its place; the page stays', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/plugin/moto?controller=broken');
    spy.mockRestore();
    expect(screen.getByRole('heading', { name: 'Zepsuty ekran' })).toBeTruthy();
    expect(screen.getByTestId('plugin-error').textContent).toContain('Błąd pluginu „moto”');
  });

  it('controller=settings draws the declared fields; secrets show only their state and are replaced or cleared', async () => {
    renderAt('/plugin/moto?controller=settings');
    const form = await screen.findByTestId('plugin-settings');
    expect(screen.getByRole('heading', { name: 'Ustawienia: Moduł motocyklowy' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Adres usługi').value).toBe('https://example.pl');
    expect(screen.getByLabelText<HTMLInputElement>('Limit').value).toBe('5');
    expect(within(screen.getByTestId('secret-token')).getByText(t.settings.secretSet)).toBeTruthy();
    expect(within(screen.getByTestId('secret-key')).getByText(t.settings.secretUnset)).toBeTruthy();
    expect(within(screen.getByTestId('secret-old')).getByText(t.settings.secretUnreadable)).toBeTruthy();
    // No secret value is ever in the form.
    expect(form.querySelectorAll('input[type=password]').length).toBe(0);

    fireEvent.change(screen.getByLabelText('Limit'), { target: { value: '12' } });
    fireEvent.click(within(screen.getByTestId('secret-key')).getByRole('button', { name: t.settings.secretReplace }));
    fireEvent.change(within(screen.getByTestId('secret-key')).getByPlaceholderText(t.settings.secretNew), {
      target: { value: 'nowy-klucz' },
    });
    fireEvent.click(within(screen.getByTestId('secret-token')).getByRole('button', { name: t.settings.secretClear }));
    fireEvent.click(screen.getByRole('button', { name: m().common.save }));
    expect(await screen.findByText(t.settings.saved)).toBeTruthy();
    // The untouched unreadable secret is left out (kept); the others as chosen.
    expect(puts).toEqual([
      { values: { apiUrl: 'https://example.pl', limit: 12 }, secrets: { key: 'nowy-klucz', token: null } },
    ]);
  });

  it('settings refuse a number that does not parse, sending nothing', async () => {
    renderAt('/plugin/moto?controller=settings');
    await screen.findByTestId('plugin-settings');
    fireEvent.change(screen.getByLabelText('Limit'), { target: { value: 'dużo' } });
    fireEvent.click(screen.getByRole('button', { name: m().common.save }));
    expect(await screen.findByText(t.settings.numberInvalid)).toBeTruthy();
    expect(puts).toEqual([]);
  });
});
