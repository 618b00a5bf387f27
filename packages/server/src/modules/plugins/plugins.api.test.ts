/**
 * The plugin platform on the server (docs/plugins.md), with the fixture plugins of
 * plugins-fixtures/ (registered because the API projects set ZAPLECZE_TEST_PLUGINS=1): the list,
 * install and uninstall per organisation with their refusals, the plugins' routes and their 404,
 * the menu and permissions, plugin migrations, jobs and schedules, and failures kept contained.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuPlugin, PermissionsInfo, PluginInfo } from '@zaplecze/contract';
import { createOrg, createUser, type TestOrg } from '../../../test/factories';
import { startTestServer, type ApiClient, type TestServer } from '../../../test/harness';
import { TenantDb } from '../../db/tenant';
import { enqueueJob, tickSchedules } from '../../platform/jobs';
import { migratePlugins, pluginHost, pluginsModule } from './index';
import { pluginFiles } from '../../plugin-sdk/files';
import { pluginJobWorker } from '../../../test/plugin-jobs';

let server: TestServer;
let a: TestOrg;
let b: TestOrg;

beforeAll(async () => {
  server = await startTestServer();
  a = await createOrg(server);
  b = await createOrg(server);
});
afterAll(() => server.close());

const NOT_INSTALLED = { code: 404, message: 'Plugin nie jest zainstalowany' };

async function info(client: ApiClient, onlyInstalled = false): Promise<PluginInfo[]> {
  const res = await client.get<{ plugins: PluginInfo[] }>(
    `/api/plugin_info${onlyInstalled ? '?onlyInstalled=true' : ''}`,
  );
  expect(res.status).toBe(200);
  return res.body.plugins;
}
const byId = (list: PluginInfo[], id: string) => list.find((p) => p.id === id);
const install = (client: ApiClient, pluginId: string) =>
  client.request('POST', '/api/plugin_install', { form: { pluginId } });
const uninstall = (client: ApiClient, pluginId: string, deleteData = false) =>
  client.request('DELETE', `/api/plugin_install?pluginId=${pluginId}&deleteData=${deleteData}`);
const orgIdOf = async (org: TestOrg) =>
  (
    await server.database.db
      .selectFrom('organizations')
      .select('id')
      .where('prefix', '=', org.prefix)
      .executeTakeFirstOrThrow()
  ).id;
const notes = async (client: ApiClient) =>
  (await client.get<{ notes: { id: number; text: string }[] }>('/api/plugins/fixture-base/notes')).body.notes;

describe('plugin list and install', () => {
  it('lists every plugin of the build with its state, and the broken fixtures with a Polish reason', async () => {
    const list = await info(a.admin);
    expect(byId(list, 'fixture-base')).toEqual({
      id: 'fixture-base',
      name: 'Notatki testowe',
      desc: 'Wtyczka testowa: notatki organizacji.',
      version: '1.0.0',
      installed: false,
      dependsOn: [],
      hasSettings: true,
      broken: null,
    });
    expect(byId(list, 'fixture-dependent')).toMatchObject({ dependsOn: ['fixture-base'], hasSettings: false });
    expect(byId(list, 'fixture-load-throws')!.broken).toMatch(/^Błąd ładowania pluginu: awaria przy ładowaniu/);
    expect(byId(list, 'fixture-migration-throws')!.broken).toMatch(/^Błąd migracji „0002_b”: awaria migracji/);
    expect(await info(a.admin, true)).toEqual([]);
  });

  it('refuses install and uninstall without main.plugins.manage, and bad or unknown ids', async () => {
    const user = await createUser(server, a, { login: 'bezpluginow', permissions: 'main.settings.edit' });
    expect((await user.client.get('/api/plugin_info')).status).toBe(200);
    expect((await install(user.client, 'fixture-base')).status).toBe(403);
    expect((await uninstall(user.client, 'fixture-base')).status).toBe(403);
    const unknown = await install(a.admin, 'nie-ma-takiego');
    expect([unknown.status, (unknown.body as { message: string }).message]).toEqual([404, 'Nie ma takiego pluginu']);
    expect((await uninstall(a.admin, 'nie-ma-takiego')).status).toBe(404);
    const bad = await install(a.admin, 'Zły identyfikator!');
    expect([bad.status, (bad.body as { message: string }).message]).toEqual([
      400,
      'Nieprawidłowy identyfikator pluginu',
    ]);
    expect((await a.admin.request('POST', '/api/plugin_install', { form: {} })).status).toBe(400);
    // A plugin broken everywhere cannot be installed.
    const broken = await install(a.admin, 'fixture-load-throws');
    expect(broken.status).toBe(409);
    expect((broken.body as { message: string }).message).toMatch(/jest uszkodzony/);
  });

  it('installs after the dependencies only, twice changes nothing, and uninstall waits for the dependants', async () => {
    const early = await install(a.admin, 'fixture-dependent');
    expect(early.status).toBe(409);
    expect((early.body as { message: string }).message).toBe(
      'Nie można zainstalować pluginu „Dodatek do notatek”: najpierw zainstaluj „Notatki testowe”',
    );
    expect((await install(a.admin, 'fixture-base')).status).toBe(204);
    expect((await install(a.admin, 'fixture-base')).status).toBe(204);
    expect((await install(a.admin, 'fixture-dependent')).status).toBe(204);
    expect((await info(a.admin, true)).map((p) => p.id).sort()).toEqual(['fixture-base', 'fixture-dependent']);
    const refused = await uninstall(a.admin, 'fixture-base');
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toBe(
      'Nie można odinstalować pluginu „Notatki testowe”: zależy od niego „Dodatek do notatek”',
    );
    // Another organisation sees none of it.
    expect(await info(b.admin, true)).toEqual([]);
    expect(byId(await info(b.admin), 'fixture-base')!.installed).toBe(false);
  });
});

describe("plugins' routes", () => {
  it('answer 404 with a Polish message to an organisation that has not installed the plugin, whatever it sends', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/plugins/fixture-base/notes', undefined],
      ['GET', '/api/plugins/fixture-base/note?id=abc', undefined],
      ['POST', '/api/plugins/fixture-base/notes', { text: '' }],
      ['DELETE', '/api/plugins/fixture-base/note?id=1', undefined],
      ['GET', '/api/plugins/fixture-dependent/hello', undefined],
      ['GET', '/api/plugins/nie-ma-takiego/cokolwiek', undefined],
      ['GET', '/api/plugins/fixture-load-throws/main', undefined],
    ] as const) {
      const res = await b.admin.request(method, url, body === undefined ? {} : { json: body });
      expect({ status: res.status, body: res.body }, `${method} ${url}`).toEqual({ status: 404, body: NOT_INSTALLED });
    }
  });

  it('serve the installing organisation with their access rules, and a broken plugin answers 404 to it too', async () => {
    const created = await a.admin.post<{ id: number }>('/api/plugins/fixture-base/notes', { text: 'Pierwsza' });
    expect(created.status).toBe(200);
    expect(await notes(a.admin)).toEqual([{ id: created.body.id, text: 'Pierwsza' }]);
    expect((await a.admin.post('/api/plugins/fixture-base/notes', { text: '' })).status).toBe(400);
    const reader = await createUser(server, a, { login: 'czytelnik' });
    expect((await reader.client.get('/api/plugins/fixture-base/notes')).status).toBe(200);
    expect((await reader.client.post('/api/plugins/fixture-base/notes', { text: 'Nie wolno' })).status).toBe(403);
    const editor = await createUser(server, a, { login: 'redaktor', permissions: 'plugin.fixture-base.edit' });
    expect((await editor.client.post('/api/plugins/fixture-base/notes', { text: 'Druga' })).status).toBe(200);
    expect((await a.admin.get('/api/plugins/fixture-dependent/hello')).body).toEqual({ hello: 'tak' });
    // Installed or not, an unknown path under the plugin answers the plugins' 404.
    expect((await a.admin.get('/api/plugins/fixture-base/nie-ma')).status).toBe(404);
    // The plugin whose migration failed serves nobody.
    expect((await a.admin.get('/api/plugins/fixture-migration-throws/ping')).body).toEqual(NOT_INSTALLED);
  });
});

describe('menu and permissions', () => {
  it("answers the installed plugins' groups with the tabs the user may open", async () => {
    const menu = (c: ApiClient) => c.get<{ plugins: MenuPlugin[] }>('/api/plugin_menu').then((r) => r.body.plugins);
    expect(await menu(a.admin)).toEqual([
      {
        pluginId: 'fixture-base',
        name: 'Notatki',
        icon: 'sticky',
        category: 'Others',
        items: [
          { path: 'notes', tabName: 'Lista notatek', icon: 'list' },
          { path: 'admin', tabName: 'Zarządzanie notatkami', icon: 'gear' },
        ],
      },
      {
        pluginId: 'fixture-dependent',
        name: 'Dodatek',
        icon: 'plus',
        category: 'Marketplace',
        items: [{ path: 'main', tabName: 'Dodatek', icon: 'plus' }],
      },
    ]);
    const reader = await createUser(server, a, { login: 'menu-czytelnik' });
    const readerMenu = await menu(reader.client);
    expect(readerMenu.find((g) => g.pluginId === 'fixture-base')!.items.map((i) => i.path)).toEqual(['notes']);
    expect(await menu(b.admin)).toEqual([]);
  });

  it("shows an installed plugin's permissions in a section of its own, and users may be given them", async () => {
    const mine = (await a.admin.get<PermissionsInfo>('/api/data/permissions_info')).body;
    expect(mine.sections).toContainEqual({
      key: 'plugin:fixture-base',
      name: 'Notatki testowe',
      desc: 'Wtyczka testowa: notatki organizacji.',
    });
    expect(mine.permissions).toContainEqual({
      key: 'plugin.fixture-base.edit',
      name: 'Edycja notatek',
      desc: 'Dodawanie i usuwanie notatek.',
      section: 'plugin:fixture-base',
    });
    expect(mine.permissions.find((p) => p.key === 'main.admin')).toBeDefined();
    const theirs = (await b.admin.get<PermissionsInfo>('/api/data/permissions_info')).body;
    expect(theirs.sections.map((s) => s.key)).not.toContain('plugin:fixture-base');
    // A plugin key of the build is accepted; an unknown one is refused like an unknown core key.
    const ok = await a.admin.post('/api/users', {
      login: 'z-kluczem',
      pass: 'Haslo-uzytkownika-1',
      permissions: 'main.items.show;plugin.fixture-base.edit',
    });
    expect(ok.status).toBe(200);
    expect((ok.body as { permissions: string }).permissions).toBe('main.items.show;plugin.fixture-base.edit');
    const unknown = await a.admin.post('/api/users', {
      login: 'zly-klucz',
      pass: 'Haslo-uzytkownika-1',
      permissions: 'plugin.nie-ma.edit',
    });
    expect([unknown.status, (unknown.body as { message: string }).message]).toEqual([400, 'Nieznane uprawnienie.']);
  });
});

describe('uninstall', () => {
  it("keeps the data by default, and with deleteData deletes only that organisation's rows", async () => {
    expect((await install(b.admin, 'fixture-base')).status).toBe(204);
    await b.admin.post('/api/plugins/fixture-base/notes', { text: 'Notatka B' });
    const before = await notes(a.admin);
    expect(before.length).toBeGreaterThan(0);

    expect((await uninstall(a.admin, 'fixture-dependent')).status).toBe(204);
    expect((await uninstall(a.admin, 'fixture-base')).status).toBe(204);
    expect((await a.admin.get('/api/plugins/fixture-base/notes')).body).toEqual(NOT_INSTALLED);
    expect(await info(a.admin, true)).toEqual([]);
    // Uninstalling what is not installed changes nothing.
    expect((await uninstall(a.admin, 'fixture-base')).status).toBe(204);
    expect((await install(a.admin, 'fixture-base')).status).toBe(204);
    expect(await notes(a.admin)).toEqual(before);

    // The plugin's files (plugin-sdk/files.ts) go with the data, only that organisation's.
    const config = server.deps.config;
    const [orgA, orgB] = [await orgIdOf(a), await orgIdOf(b)];
    const fileA = await pluginFiles.save(config, 'fixture-base', orgA, Buffer.from('a'), 'txt');
    const fileB = await pluginFiles.save(config, 'fixture-base', orgB, Buffer.from('b'), 'txt');
    expect((await uninstall(a.admin, 'fixture-base')).status).toBe(204);
    expect((await install(a.admin, 'fixture-base')).status).toBe(204);
    expect(String(await pluginFiles.read(config, 'fixture-base', orgA, fileA))).toBe('a');

    expect((await uninstall(a.admin, 'fixture-base', true)).status).toBe(204);
    await expect(pluginFiles.read(config, 'fixture-base', orgA, fileA)).rejects.toThrow(/ENOENT/);
    expect(String(await pluginFiles.read(config, 'fixture-base', orgB, fileB))).toBe('b');
    expect((await install(a.admin, 'fixture-base')).status).toBe(204);
    expect(await notes(a.admin)).toEqual([]);
    expect((await notes(b.admin)).map((n) => n.text)).toEqual(['Notatka B']);
  });

  it("takes the organisation's pending jobs of the plugin with it, and reads pluginId from a JSON body too", async () => {
    const db = server.deps.db;
    const [orgA, orgB] = [await orgIdOf(a), await orgIdOf(b)];
    const later = new Date(Date.now() + 3_600_000);
    const job = (orgId: number) =>
      enqueueJob(new TenantDb(db, orgId), { kind: 'fixture-base.add-note', pluginId: 'fixture-base', runAt: later });
    const [ja, jb] = [(await job(orgA))!, (await job(orgB))!];
    const res = await a.admin.request('DELETE', '/api/plugin_install', { json: { pluginId: 'fixture-base' } });
    expect(res.status).toBe(204);
    expect(byId(await info(a.admin), 'fixture-base')!.installed).toBe(false);
    const left = await db.selectFrom('jobs').select('id').where('id', 'in', [ja, jb]).execute();
    expect(left.map((r) => r.id)).toEqual([jb]);
    await db.deleteFrom('jobs').where('id', '=', jb).execute();
    expect((await install(a.admin, 'fixture-base')).status).toBe(204);
  });
});

describe('settings of a plugin', () => {
  it('are mounted at /api/plugins/<id>/settings behind the install, never answer a secret, and go with deleteData', async () => {
    const c = await createOrg(server);
    const url = '/api/plugins/fixture-base/settings';
    expect((await c.admin.get(url)).body).toEqual(NOT_INSTALLED);
    expect((await c.admin.request('PUT', url, { json: { values: {}, secrets: { apiToken: 'x' } } })).body).toEqual(
      NOT_INSTALLED,
    );
    expect((await install(c.admin, 'fixture-base')).status).toBe(204);
    expect((await c.admin.get(url)).body).toEqual({
      values: { greeting: 'Dzień dobry' },
      secrets: { apiToken: 'unset' },
    });
    const put = await c.admin.request('PUT', url, {
      json: { values: { greeting: 'Cześć' }, secrets: { apiToken: 'tajny-token-123' } },
    });
    expect(put.status).toBe(200);
    expect(JSON.stringify(put.body)).not.toContain('tajny-token-123');
    expect((await c.admin.get(url)).body).toEqual({ values: { greeting: 'Cześć' }, secrets: { apiToken: 'set' } });
    // Another organisation with the plugin installed sees its own, empty settings.
    expect((await b.admin.get(url)).body).toEqual({
      values: { greeting: 'Dzień dobry' },
      secrets: { apiToken: 'unset' },
    });

    expect((await uninstall(c.admin, 'fixture-base')).status).toBe(204);
    expect((await install(c.admin, 'fixture-base')).status).toBe(204);
    expect((await c.admin.get(url)).body).toEqual({ values: { greeting: 'Cześć' }, secrets: { apiToken: 'set' } });
    expect((await uninstall(c.admin, 'fixture-base', true)).status).toBe(204);
    expect((await install(c.admin, 'fixture-base')).status).toBe(204);
    expect((await c.admin.get(url)).body).toEqual({
      values: { greeting: 'Dzień dobry' },
      secrets: { apiToken: 'unset' },
    });
    // Later tests count the installing organisations.
    expect((await uninstall(c.admin, 'fixture-base', true)).status).toBe(204);
  });
});

describe('plugin migrations', () => {
  it('ran once each, namespaced; a failing one rolled back alone and marks its plugin broken', async () => {
    const db = server.database.db;
    const applied = await db
      .selectFrom('plugin_migrations')
      .select(['plugin_id', 'name'])
      // The fixtures' (the real plugins of plugins/index.ts run theirs too).
      .where('plugin_id', 'like', 'fixture-%')
      .orderBy('plugin_id')
      .execute();
    expect(applied).toEqual([
      { plugin_id: 'fixture-base', name: '0001_notes' },
      { plugin_id: 'fixture-migration-throws', name: '0001_a' },
      { plugin_id: 'fixture-subscriber', name: '0001_events' },
    ]);
    const exists = async (table: string) => {
      try {
        await sql`select count(*) from ${sql.table(table)}`.execute(db);
        return true;
      } catch {
        return false;
      }
    };
    expect(await exists('p_fixture_base_notes')).toBe(true);
    expect(await exists('p_fixture_migration_throws_a')).toBe(true);
    expect(await exists('p_fixture_migration_throws_b')).toBe(false);
    const broken = await db
      .selectFrom('plugin_broken')
      .select(['plugin_id', 'org_id'])
      .where('org_id', '=', 0)
      .execute();
    expect(broken).toEqual([{ plugin_id: 'fixture-migration-throws', org_id: 0 }]);
    // A restart runs nothing again but the failing one, which fails again; the core and others go on.
    expect(await migratePlugins(server.database)).toEqual([]);
    expect(
      await db.selectFrom('plugin_migrations').select('name').where('plugin_id', 'like', 'fixture-%').execute(),
    ).toHaveLength(3);
    expect(pluginHost().brokenReason('fixture-migration-throws')).toMatch(/0002_b/);
    expect((await a.admin.get('/api/plugins/fixture-base/notes')).status).toBe(200);
  });
});

describe("plugins' jobs and schedules", () => {
  const worker = () => pluginJobWorker(server.deps);

  it("runs a plugin's job through the job worker for an installing organisation only", async () => {
    const [orgA, orgB] = [await orgIdOf(a), await orgIdOf(b)];
    expect((await uninstall(b.admin, 'fixture-base')).status).toBe(204);
    const db = server.deps.db;
    const forA = (await enqueueJob(new TenantDb(db, orgA), {
      kind: 'fixture-base.add-note',
      pluginId: 'fixture-base',
      payload: { text: 'z zadania A' },
    }))!;
    const forB = (await enqueueJob(new TenantDb(db, orgB), {
      kind: 'fixture-base.add-note',
      pluginId: 'fixture-base',
      payload: { text: 'z zadania B' },
    }))!;
    expect(await worker().drain()).toBe(2);
    const states = await db.selectFrom('jobs').select(['id', 'state']).where('id', 'in', [forA, forB]).execute();
    expect(states.every((s) => s.state === 'done')).toBe(true);
    expect((await notes(a.admin)).map((n) => n.text)).toContain('z zadania A');
    // B uninstalled: its job ended without running (its notes, kept, do not have it).
    expect((await install(b.admin, 'fixture-base')).status).toBe(204);
    expect((await notes(b.admin)).map((n) => n.text)).toEqual(['Notatka B']);
  });

  it('a job that fails its last attempt marks the plugin broken for that organisation only', async () => {
    const [orgA] = [await orgIdOf(a)];
    expect((await install(a.admin, 'fixture-job-throws')).status).toBe(204);
    const id = (await enqueueJob(new TenantDb(server.deps.db, orgA), {
      kind: 'fixture-job-throws.fail',
      pluginId: 'fixture-job-throws',
      maxAttempts: 1,
    }))!;
    expect(await worker().drain()).toBe(1);
    const row = await server.deps.db
      .selectFrom('jobs')
      .select(['state', 'last_error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'dead', last_error: 'awaria zadania (celowa)' });
    expect(byId(await info(a.admin), 'fixture-job-throws')!.broken).toBe(
      'Zadanie „fail” nie powiodło się: awaria zadania (celowa)',
    );
    expect(byId(await info(b.admin), 'fixture-job-throws')!.broken).toBeNull();
    expect((await a.admin.get('/api/plugins/fixture-base/notes')).status).toBe(200);
  });

  it('fans a schedule out only to the organisations that installed the plugin, once per due time', async () => {
    const [orgA, orgB] = [await orgIdOf(a), await orgIdOf(b)];
    const c = await createOrg(server);
    const orgC = await orgIdOf(c);
    const schedules = pluginsModule.schedules!(server.deps).filter((s) => s.key.startsWith('fixture-base.'));
    expect(schedules.map((s) => s.key)).toEqual(['fixture-base.every-5']);
    const now = new Date('2026-11-27T10:07:00.000Z');
    expect(await tickSchedules(server.deps.db, schedules, now)).toBe(2);
    expect(await tickSchedules(server.deps.db, schedules, now)).toBe(0);
    const jobs = await server.deps.db
      .selectFrom('jobs')
      .select(['org_id', 'plugin_id'])
      .where('kind', '=', 'fixture-base.add-note')
      .where(
        'run_at',
        '=',
        server.deps.engine === 'postgres'
          ? (new Date('2026-11-27T10:05:00.000Z') as unknown as string)
          : '2026-11-27T10:05:00.000Z',
      )
      .execute();
    expect(jobs.map((j) => j.org_id).sort((x, y) => x - y)).toEqual([orgA, orgB].sort((x, y) => x - y));
    expect(jobs.every((j) => j.plugin_id === 'fixture-base')).toBe(true);
    expect(jobs.map((j) => j.org_id)).not.toContain(orgC);
  });
});
