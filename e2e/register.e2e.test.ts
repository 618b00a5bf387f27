import { VALIDATION } from '@zaplecze/contract';
import { describe, expect, it } from 'vitest';
import { eventually, setupE2e } from './support/e2e';
import { newOrg } from './support/org';
import { HomePage } from './support/pages/home-page';
import { LoginPage } from './support/pages/login-page';
import { RegisterPage, type RegistrationFields } from './support/pages/register-page';
import { waitForPath } from './support/session';
import { pageTitle, serverMsg, t } from './support/texts';

let seq = 0;
function company(): RegistrationFields {
  seq += 1;
  return {
    companyName: 'Sklep Pod Kasztanem s.c.',
    taxId: '5260250995',
    address: 'ul. Źródlana 5/7',
    postcodeCity: '30-001 Kraków',
    country: 'Polska',
    orgPrefix: `kasztan${seq}${Math.floor(Math.random() * 1e5)}`,
    adminUser: 'szef',
    adminPass: 'Hasło-Szefa-2025',
    adminEmail: 'szef@kasztan.pl',
    adminTel: '+48 600 700 800',
  };
}

const isCaptchaFetch = (url: string) => new URL(url).pathname === '/api/captcha';

describe('registration', () => {
  const e2e = setupE2e();

  it('registers through the form with a live login preview, renews the captcha after an error, and the new login signs in', async () => {
    const page = await e2e.newPage();
    const reg = await new RegisterPage(page, e2e.url).goto();
    await eventually(() => page.title(), pageTitle(t.register.title));
    const data = company();
    const login = `${data.orgPrefix}_${data.adminUser}`;

    // Live preview of {prefix}_{adminUser}.
    await eventually(
      async () =>
        (await reg.loginPreview.textContent())?.includes(
          `${t.register.loginPreviewPrefix}_${t.register.loginPreviewUser}`,
        ),
      true,
    );
    await reg.field(t.register.orgPrefix).fill(data.orgPrefix);
    await eventually(
      async () => (await reg.loginPreview.textContent())?.includes(`${data.orgPrefix}_${t.register.loginPreviewUser}`),
      true,
    );
    await reg.field(t.register.adminUser).fill(data.adminUser);
    await eventually(async () => (await reg.loginPreview.textContent())?.includes(login), true);

    // A wrong captcha: the server's message is shown, a new image is fetched and the answer cleared.
    await reg.fill(data);
    await reg.captchaField.fill('ZLYKOD');
    await reg.terms.check();
    const firstAnswer = e2e.server.captcha.last;
    const renewed = page.waitForResponse((res) => isCaptchaFetch(res.url()) && res.ok());
    await reg.submit.click();
    await renewed;
    const error = reg.error(serverMsg.captchaWrong);
    await error.waitFor();
    expect(await error.textContent()).toContain(serverMsg.captchaWrong);
    // Scrolled into view.
    await eventually(
      () =>
        error.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        }),
      true,
    );
    expect(e2e.server.captcha.last).not.toBe(firstAnswer);
    await eventually(() => reg.captchaField.inputValue(), '');
    await reg.captchaImage.waitFor();

    // The right answer (the harness knows the captcha the page just loaded). Hold the request to see
    // the progress message, then let it through.
    await reg.captchaField.fill(e2e.server.captcha.last);
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/register', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await reg.submit.click();
    await reg.progress.waitFor();
    expect(await reg.progress.textContent()).toContain(t.register.workingBody);
    release();

    await reg.successHeading.waitFor();
    await reg.successLogin(login).waitFor();
    await reg.goToLogin.click();
    await waitForPath(page, '/login');
    const signIn = new LoginPage(page, e2e.url);
    await signIn.signIn(login, data.adminPass);
    await waitForPath(page, '/');
    await new HomePage(page).greeting(login).waitFor();
  });

  it('the captcha can be renewed by hand', async () => {
    const page = await e2e.newPage();
    const reg = await new RegisterPage(page, e2e.url).goto();
    const before = e2e.server.captcha.last;
    const renewed = page.waitForResponse((res) => isCaptchaFetch(res.url()) && res.ok());
    await reg.captchaRenew.click();
    await renewed;
    await reg.captchaImage.waitFor();
    expect(e2e.server.captcha.last).not.toBe(before);
  });

  it('an empty form is refused in the browser with the Polish messages of §5', async () => {
    const page = await e2e.newPage();
    const reg = await new RegisterPage(page, e2e.url).goto();
    let posted = false;
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/register') posted = true;
    });
    await reg.submit.click();
    for (const message of [
      VALIDATION.companyNameRequired,
      VALIDATION.addressRequired,
      VALIDATION.postcodeCityRequired,
      VALIDATION.captchaRequired,
      VALIDATION.regulationsRequired,
    ]) {
      await page.getByText(message, { exact: true }).first().waitFor();
    }
    expect(posted).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/register');
  });

  it('a taken prefix is refused with the server message', async () => {
    const page = await e2e.newPage();
    const data = company();
    // First registration through the API, then the same prefix through the form.
    await newOrg(e2e.server, { orgPrefix: data.orgPrefix });
    const reg = await new RegisterPage(page, e2e.url).goto();
    await reg.fill(data);
    await reg.captchaField.fill(e2e.server.captcha.last);
    await reg.terms.check();
    await reg.submit.click();
    await reg.error(serverMsg.prefixTaken).waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
  });
});

describe('registration switched off', () => {
  const REGISTER_TEXT = 'Nowe konta zakłada opiekun handlowy: handel@example.pl';
  const e2e = setupE2e({ registrationEnabled: false, registerText: REGISTER_TEXT });

  it("shows 'Rejestracja wyłączona!' and the server's text instead of the form", async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/register'));
    await page.getByRole('heading', { name: t.register.disabledHeading }).waitFor();
    await page.getByText(REGISTER_TEXT).waitFor();
    expect(await page.getByRole('button', { name: t.register.submit, exact: true }).count()).toBe(0);
  });
});
