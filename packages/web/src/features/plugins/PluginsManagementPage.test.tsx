import { PLUGIN_RELOAD_DELAY_MS, type PluginInfo } from '@zaplecze/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalProvider } from '@web/platform/modals/ModalProvider';
import { ToastProvider } from '@web/platform/toasts/ToastProvider';
import { InDataRouter } from '@web/ui/test-router';
import { m } from '@web/i18n';
import { pluginText } from '@web/extensions/plugins/texts';
import PluginsManagementPage from './PluginsManagementPage';

const auth = vi.hoisted(() => ({ permissions: 'main.plugins.manage' }));
vi.mock('@web/platform/auth/AuthProvider', () => ({
  useAuth: () => ({ user: { login: 'firma_jan', permissions: auth.permissions } }),
}));
const host = vi.hoisted(() => ({ load: vi.fn(async () => undefined) }));
vi.mock('@web/extensions/plugins/host', () => ({ pluginHost: host }));

const t = pluginText().management;
const plugin = (p: Partial<PluginInfo> & { id: string }): PluginInfo => ({
  name: p.id,
  desc: `Opis ${p.id}`,
  version: '1.0.0',
  installed: false,
  dependsOn: [],
  hasSettings: false,
  broken: null,
  ...p,
});

let plugins: PluginInfo[];
let calls: { method: string; url: string; body?: string }[];
let changeAnswer: { status: number; body?: unknown };

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
            <PluginsManagementPage />
          </InDataRouter>
        </ModalProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const listCalls = () => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/plugin_info')).length;
const row = (id: string) => screen.getAllByTestId('plugin-row').find((r) => r.dataset.pluginId === id)!;

describe('plugins management', () => {
  beforeEach(() => {
    auth.permissions = 'main.plugins.manage';
    host.load.mockClear();
    calls = [];
    changeAnswer = { status: 204 };
    plugins = [
      plugin({ id: 'wholesale-csv', name: 'Import z hurtowni (CSV)', installed: true, hasSettings: true }),
      plugin({ id: 'moto', name: 'Moduł motocyklowy', dependsOn: ['wholesale-csv'] }),
      plugin({ id: 'inpost', name: 'InPost', broken: 'migracja nie powiodła się' }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        calls.push({ method, url, body: typeof init?.body === 'string' ? init.body : undefined });
        if (method === 'GET') return json(200, { plugins });
        return json(changeAnswer.status, changeAnswer.body);
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists name, description, installed flag, dependencies by name, broken reasons and settings links', async () => {
    renderPage();
    await screen.findByText('Moduł motocyklowy');
    expect(within(row('moto')).getByText('Import z hurtowni (CSV)')).toBeTruthy();
    expect(within(row('wholesale-csv')).getByText(t.yes)).toBeTruthy();
    expect(within(row('moto')).getByText(t.no)).toBeTruthy();
    const broken = within(row('inpost')).getByTestId('plugin-broken');
    expect(broken.className).toContain('text-danger');
    expect(broken.textContent).toContain('migracja nie powiodła się');
    const link = within(row('wholesale-csv')).getByRole('link', { name: t.settings });
    expect(link.getAttribute('href')).toBe('/plugin/wholesale-csv?controller=settings');
    // Only installed plugins with settings get the link.
    expect(within(row('moto')).queryByRole('link')).toBeNull();
    expect(within(row('wholesale-csv')).getByRole('button', { name: t.uninstall })).toBeTruthy();
    expect(within(row('moto')).getByRole('button', { name: t.install })).toBeTruthy();
  });

  it('installs (form pluginId), toasts, and reloads the list and the plugins about 300 ms later', async () => {
    renderPage();
    await screen.findByText('Moduł motocyklowy');
    const before = listCalls();
    const start = Date.now();
    fireEvent.click(within(row('moto')).getByRole('button', { name: t.install }));
    expect(await screen.findByText(t.installed_toast)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/plugin_install');
    expect(post?.body).toBe('pluginId=moto');
    await waitFor(() => expect(host.load).toHaveBeenCalledTimes(1));
    expect(Date.now() - start).toBeGreaterThanOrEqual(PLUGIN_RELOAD_DELAY_MS - 20);
    await waitFor(() => expect(listCalls()).toBe(before + 1));
  });

  it('a refused install shows the server’s message under “Błąd instalacji pluginu” and still reloads', async () => {
    changeAnswer = { status: 409, body: { message: 'Najpierw zainstaluj: Import z hurtowni (CSV)' } };
    renderPage();
    await screen.findByText('Moduł motocyklowy');
    const before = listCalls();
    fireEvent.click(within(row('moto')).getByRole('button', { name: t.install }));
    expect(await screen.findByText(t.errorTitle)).toBeTruthy();
    expect(screen.getByText('Najpierw zainstaluj: Import z hurtowni (CSV)')).toBeTruthy();
    expect(screen.queryByText(t.installed_toast)).toBeNull();
    await waitFor(() => expect(host.load).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(listCalls()).toBe(before + 1));
  });

  it('uninstall asks first: NIE changes nothing; TAK with the data box sends deleteData=true', async () => {
    renderPage();
    await screen.findByText('Moduł motocyklowy');
    fireEvent.click(within(row('wholesale-csv')).getByRole('button', { name: t.uninstall }));
    const dialog = await screen.findByTestId('uninstall-dialog');
    expect(dialog.textContent).toContain('Odinstalować plugin „Import z hurtowni (CSV)”?');
    fireEvent.click(screen.getByRole('button', { name: m().common.no }));
    await waitFor(() => expect(screen.queryByTestId('uninstall-dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(row('wholesale-csv')).getByRole('button', { name: t.uninstall }));
    await screen.findByTestId('uninstall-dialog');
    fireEvent.click(screen.getByLabelText(t.deleteData));
    fireEvent.click(screen.getByRole('button', { name: m().common.yes }));
    expect(await screen.findByText(t.uninstalled_toast)).toBeTruthy();
    const del = calls.find((c) => c.method === 'DELETE');
    expect(del?.url).toBe('/api/plugin_install?pluginId=wholesale-csv&deleteData=true');
    await waitFor(() => expect(host.load).toHaveBeenCalledTimes(1));
  });

  it('uninstall without the box keeps the data (deleteData=false); a failure toasts and reloads', async () => {
    changeAnswer = { status: 409, body: { message: 'Plugin jest potrzebny pluginowi: Moduł motocyklowy' } };
    renderPage();
    await screen.findByText('Moduł motocyklowy');
    fireEvent.click(within(row('wholesale-csv')).getByRole('button', { name: t.uninstall }));
    await screen.findByTestId('uninstall-dialog');
    fireEvent.click(screen.getByRole('button', { name: m().common.yes }));
    expect(await screen.findByText(t.errorTitle)).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(
      '/api/plugin_install?pluginId=wholesale-csv&deleteData=false',
    );
    await waitFor(() => expect(host.load).toHaveBeenCalledTimes(1));
  });

  it('without main.plugins.manage there are no install or uninstall buttons', async () => {
    auth.permissions = 'main.items.show';
    renderPage();
    await screen.findByText('Moduł motocyklowy');
    expect(screen.getByText(t.noPermission)).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.install })).toBeNull();
    expect(screen.queryByRole('button', { name: t.uninstall })).toBeNull();
  });
});
