import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@web/platform/toasts/ToastProvider';
import type { ImportStatus, PreviewAnswer, Profile } from '../schemas';
import ImportPage from './ImportPage';

const profile = { id: 7, name: 'Hurtownia Łódź' } as Profile;
const preview: PreviewAnswer = {
  encoding: 'windows-1250',
  delimiter: 'semicolon',
  header: ['kod', 'nazwa'],
  rows: [
    ['KUB-1', 'Kubek „Łabędź”'],
    ['KUB-2', 'Talerz; biały\n26 cm'],
  ],
  lines: [2, 3],
  warnings: ['Brak kolumny „stan” w wierszu nagłówka.'],
};
let statuses: ImportStatus[];
let posts: { url: string; fields: Record<string, string> }[];

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

describe('wholesale-csv: the import screen', () => {
  beforeEach(() => {
    posts = [];
    statuses = [
      { state: 'running', done: 1, total: 2, report: null },
      {
        state: 'done',
        done: 2,
        total: 2,
        report: { created: 1, updated: 0, unchanged: 0, errors: [{ row: 3, reason: 'Stan: zły' }] },
      },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          const fields: Record<string, string> = {};
          for (const [k, v] of init.body as FormData) if (typeof v === 'string') fields[k] = v;
          posts.push({ url, fields });
          return json(url.includes('/preview') ? preview : { jobId: 5 });
        }
        if (url.includes('/profiles')) return json({ profiles: [profile] });
        return json(statuses.length > 1 ? statuses.shift() : statuses[0]);
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the preview with what was detected, starts the import, follows it to the report', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <ImportPage />
        </ToastProvider>
      </QueryClientProvider>,
    );
    fireEvent.change(await screen.findByLabelText('Profil dostawcy'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText(/Plik CSV/), {
      target: { files: [new File(['kod;nazwa'], 'cennik.csv', { type: 'text/csv' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Podgląd' }));
    expect(await screen.findByText('Windows-1250', { selector: '.badge' })).toBeTruthy();
    expect(screen.getByText('Średnik ( ; )', { selector: '.badge' })).toBeTruthy();
    expect(screen.getByText('Brak kolumny „stan” w wierszu nagłówka.')).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByText('Kubek „Łabędź”')).toBeTruthy();
    expect(within(table).getAllByRole('row')[2]!.textContent).toBe('3KUB-2Talerz; biały\n26 cm');
    expect(posts[0]!.fields).toEqual({ profileId: '7' });

    fireEvent.change(screen.getByLabelText('Separator'), { target: { value: 'comma' } });
    await waitFor(() => expect(posts[1]?.fields).toEqual({ profileId: '7', delimiter: 'comma' }));

    fireEvent.click(screen.getByRole('button', { name: 'Rozpocznij import' }));
    expect(await screen.findByText('Przetworzono 1 z 2 wierszy')).toBeTruthy();
    expect(await screen.findByText('Stan: zły', {}, { timeout: 5000 })).toBeTruthy();
    expect(posts[2]).toEqual({
      url: '/api/plugins/wholesale-csv/imports',
      fields: { profileId: '7', delimiter: 'comma' },
    });
    expect(screen.getByRole('button', { name: /Pobierz import_report.txt/ })).toBeTruthy();
  });
});
