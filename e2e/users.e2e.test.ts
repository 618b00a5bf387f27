import { parsePermissions, type PermissionsInfo, type User } from '@zaplecze/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { format } from '@web/i18n';
import { ApiClient } from '../packages/server/test/harness';
import { eventually, setupE2e } from './support/e2e';
import { createUser, newOrg, type TestOrg } from './support/org';
import { Shell } from './support/pages/shell';
import { UserEditPage } from './support/pages/user-edit-page';
import { UsersPage } from './support/pages/users-page';
import { signedIn, waitForPath } from './support/session';
import { pageTitle, t } from './support/texts';

describe('users list and edit', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  let info: PermissionsInfo;
  const permName = (key: string): string => {
    const p = info.permissions.find((x) => x.key === key);
    if (!p) throw new Error(`no permission ${key} in permissions_info`);
    return p.name;
  };
  const usersViaApi = async (): Promise<User[]> => (await org.admin.get<{ users: User[] }>('/api/users')).body.users;

  beforeAll(async () => {
    org = await newOrg(e2e.server, { companyName: 'Hurtownia Żółw sp. z o.o.', taxId: '5260250995', country: 'PL' });
    info = (await org.admin.get<PermissionsInfo>('/api/data/permissions_info')).body;
  });

  it('lists the users with the read-only organisation block', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await shell.menuEntry(t.menu.users).click();
    await waitForPath(page, '/users');
    const users = new UsersPage(page, e2e.url);
    // The heading first: until the users screen is up, the home page's widgets show tables too.
    await users.heading.waitFor();
    await users.table.waitFor();
    await eventually(() => page.title(), pageTitle(t.users.title));

    const headers = (await users.table.getByRole('columnheader').allTextContents())
      .map((h) => h.trim())
      .filter(Boolean);
    expect(headers.slice(0, 5)).toEqual([
      t.users.list.colId,
      t.users.list.colLogin,
      t.users.list.colName,
      t.users.list.colEmail,
      t.users.list.colTel,
    ]);
    const me = org.token.user;
    const cells = await users.cells(org.adminLogin);
    expect(cells[0]).toBe(String(me.id));
    expect(cells[1]).toContain(org.adminLogin);
    expect(await users.editLink(org.adminLogin).getAttribute('href')).toBe(`/users/${me.id}`);
    expect(await users.createButton.getAttribute('href')).toBe('/users/0');

    const o = t.users.organization;
    expect(await users.orgValue(o.id).textContent()).toBe(String(me.organization.id));
    expect(await users.orgValue(o.name).textContent()).toBe('Hurtownia Żółw sp. z o.o.');
    expect(await users.orgValue(o.taxId).textContent()).toBe('5260250995');
    expect(await users.orgValue(o.countryCode).textContent()).toBe('PL');
    expect(await users.orgValue(o.prefix).textContent()).toBe(org.prefix);
    expect(await users.orgValue(o.registrationDate).textContent()).toMatch(/\d/);
    await users.organization.getByText(o.note).waitFor();
    // Read-only: no inputs in the block.
    expect(await users.organization.getByRole('textbox').count()).toBe(0);
  });

  it('creates a user at users/0 with permissions, then edits it', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const users = await new UsersPage(page, e2e.url).goto();
    await users.createButton.click();
    await waitForPath(page, '/users/0');
    const edit = new UserEditPage(page, e2e.url);
    await edit.saveButton.waitFor();
    await eventually(() => edit.heading.textContent(), t.users.edit.createHeading);
    await eventually(() => page.title(), pageTitle(t.users.editTitle, t.users.title));
    // users/{id} highlights the Users entry too (activeId).
    await eventually(() => new Shell(page).isHighlighted(t.menu.users), true);
    expect(await new Shell(page).isHighlighted(t.menu.home)).toBe(false);
    // The prefix is shown with the login and added by the server.
    await page.getByText(`${org.prefix}_`, { exact: true }).waitFor();
    expect(await edit.emailField.getAttribute('type')).toBe('email');
    expect(await edit.telField.getAttribute('type')).toBe('tel');

    // Permissions come from the server, grouped in its sections, with descriptions.
    for (const section of info.sections) {
      if (!info.permissions.some((p) => p.section === section.key)) continue;
      const group = edit.permissionSection(section.name);
      await group.waitFor();
      for (const p of info.permissions.filter((x) => x.section === section.key)) {
        expect(await group.getByRole('checkbox', { name: p.name, exact: true }).isChecked()).toBe(false);
        if (p.desc) await group.getByText(p.desc, { exact: true }).waitFor();
      }
    }

    await edit.fill({
      login: 'jan.kowalski',
      name: 'Jan Kowalski',
      email: 'jan@example.pl',
      tel: '+48 600 111 222',
      pass: 'Pierwsze-Haslo-1',
      passRepeat: 'Pierwsze-Haslo-1',
    });
    await edit.permission(permName('main.items.show')).check();
    await edit.permission(permName('main.order.show')).check();
    await edit.saveButton.click();

    await waitForPath(page, '/users');
    await new Shell(page).toast(t.toasts.saved).waitFor();
    const login = `${org.prefix}_jan.kowalski`;
    await users.row(login).waitFor();
    const cells = await users.cells(login);
    expect(cells.slice(1, 5)).toEqual([login, 'Jan Kowalski', 'jan@example.pl', '+48 600 111 222']);
    const created = (await usersViaApi()).find((u) => u.login === login);
    expect(created).toBeDefined();
    expect(parsePermissions(created?.permissions).sort()).toEqual(['main.items.show', 'main.order.show']);
    const id = created?.id ?? 0;

    // Edit: the form opens with the user's data and permissions.
    await users.editLink(login).click();
    await waitForPath(page, `/users/${id}`);
    await eventually(() => edit.heading.textContent(), format(t.users.edit.editHeading, { login }));
    expect(await edit.currentLogin.inputValue()).toBe(login);
    expect(await edit.nameField.inputValue()).toBe('Jan Kowalski');
    expect(await edit.emailField.inputValue()).toBe('jan@example.pl');
    expect(await edit.permission(permName('main.items.show')).isChecked()).toBe(true);
    expect(await edit.permission(permName('main.order.show')).isChecked()).toBe(true);
    expect(await edit.permission(permName('main.items.edit')).isChecked()).toBe(false);
    // Editing someone else: no old password asked.
    expect(await edit.oldPassField.count()).toBe(0);

    await edit.fill({
      name: 'Jan Nowak',
      email: 'jan.nowak@example.pl',
      pass: 'Drugie-Haslo-22',
      passRepeat: 'Drugie-Haslo-22',
    });
    await edit.permission(permName('main.order.show')).uncheck();
    await edit.permission(permName('main.items.edit')).check();
    await edit.saveButton.click();
    await waitForPath(page, '/users');
    await eventually(async () => (await users.cells(login)).slice(1, 4), [login, 'Jan Nowak', 'jan.nowak@example.pl']);
    const updated = (await usersViaApi()).find((u) => u.id === id);
    expect(parsePermissions(updated?.permissions).sort()).toEqual(['main.items.edit', 'main.items.show']);
    // The new password works, the old one no longer does.
    const client = new ApiClient(e2e.server.url);
    await client.login(login, 'Drugie-Haslo-22');
    await expect(new ApiClient(e2e.server.url).login(login, 'Pierwsze-Haslo-1')).rejects.toThrow(/401/);
  });

  it('an edit sends login, password and permissions only when changed; editing oneself also sends the old password', async () => {
    const other = await createUser(e2e.server, org, { login: 'piotr', permissions: 'main.items.show' });
    const manager = await createUser(e2e.server, org, {
      login: 'kierownik',
      permissions: 'main.users.edit;main.items.show',
    });
    const { page } = await signedIn(e2e, manager.login, manager.pass);
    const edit = await new UserEditPage(page, e2e.url).goto(other.id);
    await eventually(() => edit.nameField.inputValue(), 'piotr');
    await edit.fill({ name: 'Piotr Wiśniewski' });
    const put = page.waitForRequest((req) => req.method() === 'PUT' && new URL(req.url()).pathname === '/api/users');
    await edit.saveButton.click();
    const body: unknown = (await put).postDataJSON();
    expect(body).toMatchObject({ id: other.id, name: 'Piotr Wiśniewski' });
    for (const key of ['login', 'pass', 'oldPass', 'permissions']) expect(body).not.toHaveProperty(key);
    await waitForPath(page, '/users');

    // Oneself: the old password is asked for and sent with the new one.
    const self = await new UserEditPage(page, e2e.url).goto(manager.id);
    await self.oldPassField.waitFor();
    await self.fill({ oldPass: manager.pass, pass: 'Nowe-Haslo-Kierownika-1', passRepeat: 'Nowe-Haslo-Kierownika-1' });
    const putSelf = page.waitForRequest(
      (req) => req.method() === 'PUT' && new URL(req.url()).pathname === '/api/users',
    );
    await self.saveButton.click();
    expect((await putSelf).postDataJSON()).toMatchObject({
      id: manager.id,
      oldPass: manager.pass,
      pass: 'Nowe-Haslo-Kierownika-1',
    });
    await waitForPath(page, '/users');
    await new ApiClient(e2e.server.url).login(manager.login, 'Nowe-Haslo-Kierownika-1');
  });

  it('refuses mismatched passwords with "Hasła się nie zgadzają!" and stays on the form', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const edit = await new UserEditPage(page, e2e.url).goto(0);
    const before = (await usersViaApi()).length;
    await edit.fill({ login: 'ewa', pass: 'Haslo-Pierwsze-1', passRepeat: 'Haslo-Inne-2' });
    await edit.saveButton.click();
    const toast = shell.toast(t.users.edit.saveErrorTitle);
    await toast.waitFor();
    expect(await toast.textContent()).toContain(t.users.edit.passwordsDiffer);
    expect(new URL(page.url()).pathname).toBe('/users/0');
    expect((await usersViaApi()).length).toBe(before);
  });

  it('the back link returns to the list and a user can be deleted after confirmation', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const victim = await org.admin.post<User>('/api/users', {
      login: 'do.usuniecia',
      pass: 'Haslo-do-usuniecia-1',
      permissions: '',
      name: 'Do usunięcia',
      email: 'usun@example.pl',
      tel: '123456789',
    });
    expect(victim.status).toBe(200);
    const edit = await new UserEditPage(page, e2e.url).goto(victim.body.id);
    await edit.backLink.click();
    await waitForPath(page, '/users');
    const users = new UsersPage(page, e2e.url);
    const row = users.row(victim.body.login);
    await row.waitFor();

    await users.deleteButton(victim.body.login).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: t.common.yes, exact: true }).click();
    await row.waitFor({ state: 'detached' });
    await shell.toast(t.toasts.deleted).waitFor();
    expect((await usersViaApi()).some((u) => u.id === victim.body.id)).toBe(false);
    // One cannot delete oneself.
    expect(await users.deleteButton(org.adminLogin).isDisabled()).toBe(true);
  });
});
