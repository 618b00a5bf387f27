import type { JobInfo } from '@zaplecze/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@web/platform/toasts/ToastProvider';
import JobsScreen from './JobsScreen';
import { pluginText } from './texts';

const t = pluginText().jobs;
const job = (id: number, state: JobInfo['state'], extra: Partial<JobInfo> = {}): JobInfo => ({
  id,
  kind: 'wholesale-csv.import',
  pluginId: 'wholesale-csv',
  state,
  attempts: 1,
  maxAttempts: 5,
  progressDone: null,
  progressTotal: null,
  lastError: null,
  runAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  finishedAt: state === 'done' || state === 'dead' ? '2026-11-20T10:05:00.000Z' : null,
  ...extra,
});

let urls: string[];
let posts: unknown[];
let retryStatus: number;

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <JobsScreen pluginId="wholesale-csv" />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('the plugin jobs screen (Dziennik)', () => {
  beforeEach(() => {
    urls = [];
    posts = [];
    retryStatus = 200;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posts.push({ url, body: JSON.parse(String(init.body)) });
          return json(retryStatus, retryStatus === 200 ? { id: 3 } : { message: 'Ponowić można tylko zadanie...' });
        }
        urls.push(url);
        const page = new URL(url, 'http://x').searchParams.get('page');
        if (page === '2') return json(200, { jobs: [job(1, 'done')], count: 26, perPage: 25 });
        return json(200, {
          jobs: [
            job(3, 'dead', { attempts: 5, lastError: 'Plik uszkodzony', progressDone: 40, progressTotal: 100 }),
            job(2, 'done', { progressDone: 100, progressTotal: 100 }),
          ],
          count: 26,
          perPage: 25,
        });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows state, progress done/total, attempts and the last error; pages newest first', async () => {
    renderScreen();
    const rows = await screen.findAllByTestId('plugin-job');
    expect(urls[0]).toBe('/api/jobs?pluginId=wholesale-csv&page=1&perPage=25');
    expect(rows.map((r) => r.dataset.jobState)).toEqual(['dead', 'done']);
    expect(within(rows[0]!).getByText(t.states.dead)).toBeTruthy();
    expect(within(rows[0]!).getByText('40 / 100')).toBeTruthy();
    expect(within(rows[0]!).getByText('5 / 5')).toBeTruthy();
    expect(within(rows[0]!).getByText('Plik uszkodzony')).toBeTruthy();
    // Only a dead job can be retried.
    expect(within(rows[1]!).queryByRole('button', { name: t.retry })).toBeNull();
    expect(screen.getByText('Strona 1 z 2, zadań: 26')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t.next }));
    await waitFor(() => expect(screen.getAllByTestId('plugin-job')).toHaveLength(1));
    expect(urls.at(-1)).toBe('/api/jobs?pluginId=wholesale-csv&page=2&perPage=25');
  });

  it('filters by state', async () => {
    renderScreen();
    await screen.findAllByTestId('plugin-job');
    fireEvent.change(screen.getByLabelText(t.state), { target: { value: 'dead' } });
    await waitFor(() => expect(urls.at(-1)).toBe('/api/jobs?pluginId=wholesale-csv&page=1&perPage=25&state=dead'));
  });

  it('retries a dead job and reads the list again; a refusal shows the server’s message', async () => {
    renderScreen();
    const rows = await screen.findAllByTestId('plugin-job');
    const before = urls.length;
    fireEvent.click(within(rows[0]!).getByRole('button', { name: t.retry }));
    expect(await screen.findByText(t.retried)).toBeTruthy();
    expect(posts).toEqual([{ url: '/api/jobs/retry', body: { id: 3 } }]);
    await waitFor(() => expect(urls.length).toBeGreaterThan(before));

    retryStatus = 409;
    fireEvent.click(within(screen.getAllByTestId('plugin-job')[0]!).getByRole('button', { name: t.retry }));
    expect(await screen.findByText(t.retryErrorTitle)).toBeTruthy();
    expect(screen.getByText('Ponowić można tylko zadanie...')).toBeTruthy();
  });
});
