import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalProvider } from '@web/platform/modals/ModalProvider';
import { ToastProvider } from '@web/platform/toasts/ToastProvider';
import { pluginHost } from '@web/extensions/plugins/host';
import { pluginText } from '@web/extensions/plugins/texts';
import Shell from './Shell';

vi.mock('@web/platform/auth/AuthProvider', () => ({
  useAuth: () => ({ user: { login: 'firma_jan', permissions: 'main.admin' }, logout: vi.fn() }),
}));
vi.mock('@web/platform/main-info', () => ({ useMainInfo: () => ({ data: {} }) }));

let infoAnswer: { status: number; body: unknown };
let infoCalls: string[];

function json(status: number, body?: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderShell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <Shell /> }], { initialEntries: ['/'] });
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

describe('the shell loads the plugins (docs/rules/platform-rules.md §4)', () => {
  beforeEach(() => {
    infoCalls = [];
    infoAnswer = { status: 200, body: { plugins: [] } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/api/plugin_info')) {
          infoCalls.push(url);
          return json(infoAnswer.status, infoAnswer.body);
        }
        if (url === '/api/plugin_menu')
          return json(200, {
            plugins: [
              {
                pluginId: 'wholesale-csv',
                name: 'Import z hurtowni (CSV)',
                icon: 'upload',
                category: 'Others',
                items: [{ path: 'import', tabName: 'Import', icon: 'file-earmark' }],
              },
            ],
          });
        return json(404, { message: 'nie ma' });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for the installed plugins only and reaches ready; the menu shows the plugin groups', async () => {
    renderShell();
    await waitFor(() => expect(pluginHost.getState().phase).toBe('ready'));
    expect(infoCalls).toEqual(['/api/plugin_info?onlyInstalled=true']);
    expect(await screen.findByRole('link', { name: 'Import' })).toBeTruthy();
    expect(screen.getByTestId('menu-group-others')).toBeTruthy();
  });

  it('a failed installed list is the error state with the toast “Błąd ładowania pluginów!”', async () => {
    infoAnswer = { status: 500, body: { message: 'Błąd serwera' } };
    renderShell();
    expect(await screen.findByText(pluginText().loadErrorTitle)).toBeTruthy();
    expect(pluginHost.getState().phase).toBe('error');
    expect(screen.getByText('Błąd serwera')).toBeTruthy();
  });
});
