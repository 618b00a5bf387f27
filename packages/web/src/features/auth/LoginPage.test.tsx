import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@web/platform/auth/AuthProvider';
import { uiText } from '@web/ui/texts';
import LoginPage from './LoginPage';
import { authText } from './texts';

const t = authText();
const ASKED = 'Na to konto było wiele nieudanych prób logowania. Przepisz kod z obrazka i zaloguj się ponownie.';
let logins: URLSearchParams[] = [];
let loginAnswers: { status: number; body: unknown }[] = [];
let captchas = 0;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter initialEntries={['/login']}>
          <LoginPage />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: t.submit }));

describe('sign-in when the server asks for the captcha', () => {
  beforeEach(() => {
    logins = [];
    captchas = 0;
    loginAnswers = [
      { status: 428, body: { code: 428, message: ASKED, field: 'captcha' } },
      { status: 401, body: { code: 401, message: 'Niepoprawny login lub hasło.' } },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = new URL(url, 'http://localhost').pathname;
        if (path === '/api/login' && init?.method === 'POST') {
          logins.push(new URLSearchParams(String(init.body)));
          const answer = loginAnswers.shift()!;
          return json(answer.status, answer.body);
        }
        if (path === '/api/captcha') {
          captchas += 1;
          return json(200, { image: 'data:image/svg+xml;base64,PHN2Zy8+', uuid: `u${captchas}` });
        }
        return json(200, { isTest: false, loginInfo: '', version: '1' });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the captcha after a 428, requires an answer, sends it with its challenge, and renews it after a failure', async () => {
    renderPage();
    expect(screen.queryByLabelText(t.captcha)).toBeNull();
    type(t.login, 'firma_jan');
    type(t.password, 'haslo-123');
    submit();
    expect(await screen.findByText(ASKED)).toBeTruthy();
    expect(logins[0]?.has('captcha')).toBe(false);
    await screen.findByRole('img', { name: uiText().captcha.imageAlt });
    await waitFor(() => expect(document.activeElement).toBe(field(t.captcha)));

    // no answer: refused in the browser
    submit();
    expect(await screen.findByText(t.captchaRequired)).toBeTruthy();
    expect(logins).toHaveLength(1);

    type(t.captcha, ' ab12c ');
    submit();
    await waitFor(() => expect(logins).toHaveLength(2));
    expect(logins[1]?.get('captcha')).toBe('ab12c');
    expect(logins[1]?.get('captchaUUID')).toBe('u1');
    expect(logins[1]?.get('login')).toBe('firma_jan');
    // the challenge is used up: a new image, the answer cleared, the captcha still shown
    await waitFor(() => expect(captchas).toBe(2));
    await waitFor(() => expect(field(t.captcha)).toHaveProperty('value', ''));
    expect(await screen.findByText('Niepoprawny login lub hasło.')).toBeTruthy();
  });
});
