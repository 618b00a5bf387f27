import { beforeAll, describe, expect, it } from 'vitest';
import { eventually, setupE2e } from './support/e2e';
import { createUser, newOrg, type TestOrg } from './support/org';
import { ProfilePage } from './support/pages/profile-page';
import { Shell } from './support/pages/shell';
import { signedIn } from './support/session';
import { t } from './support/texts';

/** API tokens on the profile (docs/decisions.md, API tokens): made, shown once, used by a script, revoked. */
describe('API tokens on the profile', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  const tt = t.profile.apiTokens;
  const table = t.ui.apiTokens;

  beforeAll(async () => {
    org = await newOrg(e2e.server);
  });

  const script = (token: string, url: string) =>
    fetch(e2e.server.url + url, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);

  it('makes a token with chosen permissions, shows it once, and revokes it after a confirmation', async () => {
    const user = await createUser(e2e.server, org, {
      login: 'skrypty',
      permissions: 'main.items.show;main.order.show',
    });
    const { page } = await signedIn(e2e, user.login, user.pass);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
    const profile = await new ProfilePage(page, e2e.url).goto();
    await profile.apiTokens.getByText(tt.empty).waitFor();

    await profile.newApiTokenButton.click();
    // Only the user's own permissions are offered.
    await profile.apiTokenPermission('Podgląd towarów').waitFor();
    expect(await profile.apiTokenDialog.getByRole('checkbox').count()).toBe(2);
    await profile.apiTokenDialog.getByRole('button', { name: t.common.cancel, exact: true }).click();
    await profile.apiTokenDialog.waitFor({ state: 'detached' });

    const token = await profile.createApiToken('Eksport towarów', '30 dni', ['Podgląd towarów']);
    expect(token).toMatch(/^zpl_[A-Za-z0-9_-]{43}$/);
    await profile.apiTokenCreated.getByText(tt.dialog.warning).waitFor();
    await profile.apiTokenCreated.getByRole('button', { name: tt.dialog.copy, exact: true }).click();
    await profile.apiTokenCreated.getByRole('button', { name: tt.dialog.copied, exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    // The token shown once does its work from a script, within its permissions only.
    expect(await script(token, '/api/items')).toBe(200);
    expect(await script(token, '/api/orders')).toBe(403);

    await profile.apiTokenCreated.getByRole('button', { name: tt.dialog.done, exact: true }).click();
    await profile.apiTokenCreated.waitFor({ state: 'detached' });
    const row = profile.apiTokenRow('Eksport towarów');
    await row.waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('Podgląd towarów');
    expect(await row.getByTestId('api-token-state').textContent()).toBe(table.states.active);
    // Never shown again, not even after a reload; the last use is there now.
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(token.slice(4));
    await eventually(async () => (await row.getByRole('cell').nth(4).textContent())?.includes('127.0.0.1'), true);

    await row.getByRole('button', { name: table.revoke }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: tt.revokeConfirmTitle });
    await confirm.getByRole('button', { name: tt.revokeYes, exact: true }).click();
    await new Shell(page).toast(tt.revoked).waitFor();
    await eventually(() => row.getByTestId('api-token-state').textContent(), table.states.revoked);
    expect(await row.getByRole('button', { name: table.revoke }).count()).toBe(0);
    expect(await script(token, '/api/items')).toBe(401);
  });

  it("refuses a token without permissions with the server's message", async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const profile = await new ProfilePage(page, e2e.url).goto();
    await profile.newApiTokenButton.click();
    await profile.apiTokenDialog.getByLabel(tt.dialog.name, { exact: true }).fill('Pusty');
    await profile.apiTokenDialog.getByRole('button', { name: tt.dialog.create, exact: true }).click();
    const toast = shell.toast(tt.dialog.errorTitle);
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Wybierz co najmniej jedno uprawnienie tokenu.');
    // User management is never offered, even to an administrator.
    expect(await profile.apiTokenPermission('Zarządzanie użytkownikami').count()).toBe(0);
    await profile.apiTokenPermission('Administrator').waitFor();
  });

  it("a user manager sees a user's tokens on the user's page and revokes one", async () => {
    const user = await createUser(e2e.server, org, { login: 'integracja', permissions: 'main.order.show' });
    const made = await user.client.post<{ token: string }>('/api/profile/api_tokens', {
      name: 'Integracja sklepu',
      permissions: ['main.order.show'],
      expiresInDays: 7,
    });
    expect(await script(made.body.token, '/api/orders')).toBe(200);
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.goto(e2e.url(`/users/${user.id}`));
    const section = page.getByTestId('user-api-tokens');
    await section.getByRole('heading', { name: t.users.apiTokens.heading }).waitFor();
    const row = section.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Integracja sklepu' }) });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('Podgląd zamówień');
    await row.getByRole('button', { name: table.revoke }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: t.users.apiTokens.revokeConfirmTitle });
    expect(await confirm.textContent()).toContain(user.login);
    await confirm.getByRole('button', { name: t.users.apiTokens.revokeYes, exact: true }).click();
    await shell.toast(t.users.apiTokens.revoked).waitFor();
    await eventually(() => row.getByTestId('api-token-state').textContent(), table.states.revoked);
    expect(await script(made.body.token, '/api/orders')).toBe(401);
  });
});
