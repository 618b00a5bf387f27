import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AUTH_HEADER, XSRF_COOKIE, XSRF_HEADER } from '@zaplecze/contract';
import { runCli } from '../../../test/cli';
import { ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, createUser, type TestOrg, orgIdOf } from '../../../test/factories';
import { TenantDb } from '../../db/tenant';
import {
  deletePluginSettings,
  PluginSecretUnreadableError,
  pluginSettingsRoutes,
  readPluginSecret,
  rotatePluginSecrets,
  secretKeyRing,
  type PluginSettingsSpec,
  type SecretKey,
} from '.';

/**
 * GET/PUT /api/plugins/<id>/settings through real HTTP on the run's engine, mounted the way the
 * plugin host mounts a plugin's routes (under /plugins/<id>), and the CLI's secrets:rotate on the
 * same database. The key ring is the server's config (SECRETS_KEYS parsed); tests swap it on the
 * running server's config to play a key lost or added, as a restart with another SECRETS_KEYS would.
 */
const PLUGIN = 'test-plugin';
const URL_ = `/api/plugins/${PLUGIN}/settings`;
const spec: PluginSettingsSpec = {
  schema: z.object({
    apiUrl: z.url({ error: 'Podaj poprawny adres usługi' }).default('https://api.example.pl'),
    batchSize: z
      .number({ error: 'Podaj liczbę' })
      .int()
      .min(1, { error: 'Partia musi mieć co najmniej 1 pozycję' })
      .max(1000)
      .default(100),
    warehouse: z.string().max(50).optional(),
  }),
  secrets: ['apiKey', 'clientSecret'],
};

const key = (id: string): SecretKey => ({ id, key: randomBytes(32) });
const entry = (k: SecretKey) => `${k.id}:${k.key.toString('base64')}`;
const keyA = key('a');
const keyB = key('b');

/** Every JSON line the server logged. */
const lines: string[] = [];
let server: TestServer;
let orgA: TestOrg;
let orgB: TestOrg;
let orgAId: number;
let orgBId: number;
/** Where the CLI finds the database and the key file (DATA_DIR). */
let cliEnv: NodeJS.ProcessEnv;
const ownDirs: string[] = [];

const tdbOf = (id: number) => new TenantDb(server.deps.db, id);
const secretRows = (id: number) =>
  server.deps.db
    .selectFrom('plugin_secrets')
    .selectAll()
    .where('org_id', '=', id)
    .where('plugin_id', '=', PLUGIN)
    .orderBy('name')
    .execute();
const useKeys = (...keys: SecretKey[] | [undefined]) => {
  server.deps.config.secretKeys = keys[0] === undefined ? undefined : (keys as SecretKey[]);
};

beforeAll(async () => {
  server = await startTestServer(
    { secretKeys: [keyA], logLevel: 'trace' },
    {
      logStream: { write: (line) => void lines.push(line) },
      extraRoutes: pluginSettingsRoutes(PLUGIN, spec, { prefix: `/plugins/${PLUGIN}` }),
    },
  );
  orgA = await createOrg(server);
  orgB = await createOrg(server);
  orgAId = orgIdOf(orgA);
  orgBId = orgIdOf(orgB);
  // The CLI's DATA_DIR is the server's too, so both read the same key file.
  let dataDir = server.cliEnv.DATA_DIR;
  if (!dataDir) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zaplecze-keys-'));
    ownDirs.push(dataDir);
  }
  server.deps.config.dataDir = dataDir;
  cliEnv = { ...server.cliEnv, DATA_DIR: dataDir, SECRETS_KEYS: '' };
});
afterAll(async () => {
  await server.close();
  for (const d of ownDirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('plugin settings over HTTP', () => {
  it('answers the defaults and every secret unset before anything is saved', async () => {
    const r = await orgA.admin.get(URL_);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      values: { apiUrl: 'https://api.example.pl', batchSize: 100 },
      secrets: { apiKey: 'unset', clientSecret: 'unset' },
    });
  });

  it('sets a secret write-only: the answer and every later GET give only its state; the row holds ciphertext', async () => {
    const secret = `tajny-klucz-${randomBytes(8).toString('hex')}`;
    const put = await orgA.admin.put(URL_, {
      values: { apiUrl: 'https://hurtownia.example.pl/api', batchSize: 250 },
      secrets: { apiKey: secret },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual({
      values: { apiUrl: 'https://hurtownia.example.pl/api', batchSize: 250 },
      secrets: { apiKey: 'set', clientSecret: 'unset' },
    });
    const get = await orgA.admin.get(URL_);
    expect(get.body).toEqual(put.body);
    expect(JSON.stringify(get.body)).not.toContain(secret);
    const [row] = await secretRows(orgAId);
    expect(row).toMatchObject({ name: 'apiKey', key_id: 'a' });
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(Buffer.from(secret).toString('base64'));
    // The plugin's own server code reads the plaintext.
    expect(await readPluginSecret(tdbOf(orgAId), server.deps.config, PLUGIN, 'apiKey')).toBe(secret);
    expect(await readPluginSecret(tdbOf(orgAId), server.deps.config, PLUGIN, 'clientSecret')).toBeNull();
  });

  it('keeps a secret not sent and the values not sent; null clears a secret', async () => {
    const before = await readPluginSecret(tdbOf(orgAId), server.deps.config, PLUGIN, 'apiKey');
    const keep = await orgA.admin.put(URL_, { values: { batchSize: 5 }, secrets: { clientSecret: 'drugi sekret' } });
    expect(keep.status).toBe(200);
    expect(keep.body).toEqual({
      values: { apiUrl: 'https://hurtownia.example.pl/api', batchSize: 5 },
      secrets: { apiKey: 'set', clientSecret: 'set' },
    });
    expect(await readPluginSecret(tdbOf(orgAId), server.deps.config, PLUGIN, 'apiKey')).toBe(before);
    const onlySecrets = await orgA.admin.put(URL_, { secrets: { clientSecret: null } });
    expect(onlySecrets.body).toEqual({
      values: { apiUrl: 'https://hurtownia.example.pl/api', batchSize: 5 },
      secrets: { apiKey: 'set', clientSecret: 'unset' },
    });
    expect((await secretRows(orgAId)).map((r) => r.name)).toEqual(['apiKey']);
    // Clearing what is not set is not an error.
    expect((await orgA.admin.put(URL_, { secrets: { clientSecret: null } })).status).toBe(200);
  });

  it('merges concurrent saves of different values without losing either', async () => {
    for (let round = 1; round <= 5; round++) {
      const [a, b] = await Promise.all([
        orgA.admin.put(URL_, { values: { batchSize: round } }),
        orgA.admin.put(URL_, { values: { warehouse: `Magazyn ${round}` } }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect((await orgA.admin.get(URL_)).body).toMatchObject({
        values: { batchSize: round, warehouse: `Magazyn ${round}` },
      });
    }
    await orgA.admin.put(URL_, { values: { batchSize: 5 } });
  });

  it('refuses bad input with a Polish 400 naming the field, and changes nothing', async () => {
    const before = (await orgA.admin.get(URL_)).body;
    const secretBefore = await readPluginSecret(tdbOf(orgAId), server.deps.config, PLUGIN, 'apiKey');
    const cases: [unknown, string, string][] = [
      [{ values: { batchSize: 0 } }, 'values.batchSize', 'Partia musi mieć co najmniej 1 pozycję'],
      [{ values: { batchSize: 'dużo' } }, 'values.batchSize', 'Podaj liczbę'],
      [{ values: { apiUrl: 'nie adres' } }, 'values.apiUrl', 'Podaj poprawny adres usługi'],
      [{ values: { nieznane: 1 } }, 'values.nieznane', 'Nieznane ustawienie „nieznane”.'],
      [{ values: { apiKey: 'jawnie' } }, 'values.apiKey', 'Pole „apiKey” jest tajne'],
      [{ secrets: { inne: 'x' } }, 'secrets.inne', 'Nieznane pole tajne „inne”.'],
      [{ secrets: { apiKey: '' } }, 'secrets.apiKey', 'Podaj wartość pola „apiKey”'],
      [{ secrets: { apiKey: 12345 } }, 'secrets.apiKey', ''],
      [{ secrets: { apiKey: 'x'.repeat(10_001) } }, 'secrets.apiKey', ''],
      [{ values: [] }, 'values', ''],
      // A valid secret beside an invalid value: refused as a whole, the secret not stored.
      [{ secrets: { apiKey: 'nowy' }, values: { batchSize: 5000 } }, 'values.batchSize', ''],
    ];
    for (const [body, field, message] of cases) {
      const r = await orgA.admin.put<{ code: number; message: string; field?: string }>(URL_, body);
      expect(r.status, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(r.body.field).toBe(field);
      expect(r.body.message).toContain(message);
      // The plugin's own texts, or zod's in Polish (platform/app.ts), never English.
      expect(r.body.message).not.toMatch(/Invalid|expected|received/);
    }
    expect((await orgA.admin.get(URL_)).body).toEqual(before);
    expect(await readPluginSecret(tdbOf(orgAId), server.deps.config, PLUGIN, 'apiKey')).toBe(secretBefore);
  });

  it('needs main.plugins.manage to read or write, and a session', async () => {
    const clerk = await createUser(server, orgA, { login: 'bezuprawnien', permissions: 'main.items.edit' });
    expect((await clerk.client.get(URL_)).status).toBe(403);
    expect((await clerk.client.put(URL_, { secrets: { apiKey: 'x' } })).status).toBe(403);
    const manager = await createUser(server, orgA, { login: 'pluginy', permissions: 'main.plugins.manage' });
    expect((await manager.client.get(URL_)).status).toBe(200);
    const anon = new ApiClient(server.url);
    expect((await anon.get(URL_)).status).toBe(401);
    expect((await anon.put(URL_, { secrets: { apiKey: 'x' } })).status).toBe(401);
  });

  it('keeps organisations apart: B sees none of A and a row copied from A does not decrypt for B', async () => {
    const b = await orgB.admin.get(URL_);
    expect(b.body).toEqual({
      values: { apiUrl: 'https://api.example.pl', batchSize: 100 },
      secrets: { apiKey: 'unset', clientSecret: 'unset' },
    });
    expect(
      (await orgB.admin.put(URL_, { values: { batchSize: 7 }, secrets: { clientSecret: 'sekret B' } })).status,
    ).toBe(200);
    expect((await orgA.admin.get(URL_)).body).toMatchObject({
      values: { batchSize: 5 },
      secrets: { apiKey: 'set', clientSecret: 'unset' },
    });
    expect(await readPluginSecret(tdbOf(orgBId), server.deps.config, PLUGIN, 'apiKey')).toBeNull();
    // A's ciphertext copied into B's row (a database edit): authenticated to A, so unreadable for B.
    const [rowA] = await secretRows(orgAId);
    await server.deps.db
      .insertInto('plugin_secrets')
      .values({ ...rowA!, org_id: orgBId })
      .execute();
    expect((await orgB.admin.get(URL_)).body).toMatchObject({ secrets: { apiKey: 'unreadable', clientSecret: 'set' } });
    await expect(readPluginSecret(tdbOf(orgBId), server.deps.config, PLUGIN, 'apiKey')).rejects.toBeInstanceOf(
      PluginSecretUnreadableError,
    );
    // Moved to the other field of the same organisation: unreadable too.
    await server.deps.db
      .updateTable('plugin_secrets')
      .set({ name: 'clientSecret' })
      .where('org_id', '=', orgAId)
      .where('plugin_id', '=', PLUGIN)
      .where('name', '=', 'apiKey')
      .execute();
    expect((await orgA.admin.get(URL_)).body).toMatchObject({
      secrets: { apiKey: 'unset', clientSecret: 'unreadable' },
    });
    // Entering them again makes them readable.
    await orgA.admin.put(URL_, { secrets: { apiKey: 'A-klucz', clientSecret: null } });
    await orgB.admin.put(URL_, { secrets: { apiKey: 'B-klucz' } });
    expect(await readPluginSecret(tdbOf(orgAId), server.deps.config, PLUGIN, 'apiKey')).toBe('A-klucz');
    expect(await readPluginSecret(tdbOf(orgBId), server.deps.config, PLUGIN, 'apiKey')).toBe('B-klucz');
  });

  it('says "unreadable" when the key ring lost the key, never failing the GET; entering the value again fixes it', async () => {
    useKeys(keyB);
    try {
      const r = await orgA.admin.get(URL_);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ secrets: { apiKey: 'unreadable', clientSecret: 'unset' } });
      const err = await readPluginSecret(tdbOf(orgAId), server.deps.config, PLUGIN, 'apiKey').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PluginSecretUnreadableError);
      expect((err as Error).message).toMatch(/^Wprowadź ponownie wartość pola „apiKey”/);
      expect(err).toMatchObject({ statusCode: 409, reason: 'key-missing' });
      // The values are still answered, and saving them works with the secret unreadable.
      expect((await orgA.admin.put(URL_, { values: { batchSize: 6 } })).status).toBe(200);
      const fixed = await orgA.admin.put(URL_, { secrets: { apiKey: 'A-klucz-2' } });
      expect(fixed.body).toMatchObject({ values: { batchSize: 6 }, secrets: { apiKey: 'set' } });
      expect((await secretRows(orgAId))[0]).toMatchObject({ key_id: 'b' });
      expect(await readPluginSecret(tdbOf(orgAId), server.deps.config, PLUGIN, 'apiKey')).toBe('A-klucz-2');
    } finally {
      useKeys(keyA);
    }
    // Back on key A only: the value written under B is now the unreadable one.
    expect((await orgA.admin.get(URL_)).body).toMatchObject({ secrets: { apiKey: 'unreadable' } });
    await orgA.admin.put(URL_, { secrets: { apiKey: 'A-klucz' } });
  });

  it('reads values saved under an older schema: a value that no longer passes gets its default, an unknown one is dropped', async () => {
    const setStored = (settings: string) =>
      server.deps.db
        .updateTable('plugin_settings')
        .set({ settings })
        .where('org_id', '=', orgBId)
        .where('plugin_id', '=', PLUGIN)
        .execute();
    await setStored('{"apiUrl":"https://b.example.pl","batchSize":"zepsute","usuniete":1}');
    expect((await orgB.admin.get(URL_)).body).toMatchObject({
      values: { apiUrl: 'https://b.example.pl', batchSize: 100 },
    });
    expect((await orgB.admin.get(URL_)).body).not.toHaveProperty('values.usuniete');
    // Saving again stores the cleaned whole.
    expect((await orgB.admin.put(URL_, { values: { batchSize: 3 } })).status).toBe(200);
    const row = await server.deps.db
      .selectFrom('plugin_settings')
      .select('settings')
      .where('org_id', '=', orgBId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.settings)).toEqual({ apiUrl: 'https://b.example.pl', batchSize: 3 });
    await setStored('nie JSON');
    expect((await orgB.admin.get(URL_)).body).toMatchObject({
      values: { apiUrl: 'https://api.example.pl', batchSize: 100 },
    });
  });

  it('deletes one plugin’s settings and secrets of one organisation (uninstall with its data)', async () => {
    await deletePluginSettings(tdbOf(orgBId), PLUGIN);
    expect(await secretRows(orgBId)).toEqual([]);
    expect((await orgB.admin.get(URL_)).body).toEqual({
      values: { apiUrl: 'https://api.example.pl', batchSize: 100 },
      secrets: { apiKey: 'unset', clientSecret: 'unset' },
    });
    expect((await orgA.admin.get(URL_)).body).toMatchObject({ secrets: { apiKey: 'set' } });
  });
});

describe('secrets:rotate', () => {
  const cli = (keys: SecretKey[], ...args: string[]) =>
    runCli(['secrets:rotate', ...args], { ...cliEnv, SECRETS_KEYS: keys.map(entry).join(',') });

  it('re-encrypts every old-key secret with the current key; reads work with the old key gone; a rerun does nothing', async () => {
    // Several organisations' rows under A (the test's orgs plus rows written through the service).
    await orgB.admin.put(URL_, { secrets: { apiKey: 'B-1', clientSecret: 'B-2' } });
    await orgA.admin.put(URL_, { secrets: { clientSecret: 'A-2' } });
    const all = async () => server.deps.db.selectFrom('plugin_secrets').select(['org_id', 'name', 'key_id']).execute();
    expect((await all()).every((r) => r.key_id === 'a')).toBe(true);
    const count = (await all()).length;
    expect(count).toBe(4);

    // The new key first: new writes use it, old rows still read.
    useKeys(keyB, keyA);
    expect((await orgA.admin.get(URL_)).body).toMatchObject({ secrets: { apiKey: 'set', clientSecret: 'set' } });
    const r = await cli([keyB, keyA], '--batch', '3');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Bieżący klucz: "b" (SECRETS_KEYS).');
    expect(r.stdout).toContain(`ROTATED ${count} CURRENT 0 SKIPPED 0 FAILED 0`);
    expect((await all()).every((x) => x.key_id === 'b')).toBe(true);

    // The old key removed: everything still reads.
    useKeys(keyB);
    expect((await orgA.admin.get(URL_)).body).toMatchObject({ secrets: { apiKey: 'set', clientSecret: 'set' } });
    expect(await readPluginSecret(tdbOf(orgAId), server.deps.config, PLUGIN, 'apiKey')).toBe('A-klucz');
    expect(await readPluginSecret(tdbOf(orgBId), server.deps.config, PLUGIN, 'clientSecret')).toBe('B-2');

    const again = await cli([keyB]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`ROTATED 0 CURRENT ${count} SKIPPED 0 FAILED 0`);
  });

  it('refuses when a row’s key is not in the ring, naming the key, and touches nothing', async () => {
    const before = await server.deps.db
      .selectFrom('plugin_secrets')
      .selectAll()
      .orderBy('org_id')
      .orderBy('name')
      .execute();
    const keyC = key('c');
    const r = await cli([keyC]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('kluczami, których nie ma w pierścieniu kluczy: "b" (4)');
    expect(r.stderr).toContain('nic nie zmieniono');
    const after = await server.deps.db
      .selectFrom('plugin_secrets')
      .selectAll()
      .orderBy('org_id')
      .orderBy('name')
      .execute();
    expect(after).toEqual(before);
  });

  it('is resumable: a run stopped after one batch is finished by the next, which touches only old-key rows', async () => {
    const keyC = key('c');
    const ring = { current: keyC, byId: new Map([keyC, keyB].map((k) => [k.id, k.key])), source: 'test' };
    const stop = new Error('stopped');
    await expect(
      rotatePluginSecrets(server.deps.db, ring, {
        batchSize: 1,
        onBatch: () => {
          throw stop;
        },
      }),
    ).rejects.toBe(stop);
    const keyIds = async () =>
      (await server.deps.db.selectFrom('plugin_secrets').select('key_id').execute()).map((x) => x.key_id).sort();
    expect(await keyIds()).toEqual(['b', 'b', 'b', 'c']);
    const rest = await rotatePluginSecrets(server.deps.db, ring, { batchSize: 2 });
    expect(rest).toEqual({ keyId: 'c', rotated: 3, alreadyCurrent: 1, skipped: 0, failed: [] });
    expect(await keyIds()).toEqual(['c', 'c', 'c', 'c']);
    useKeys(keyC);
    expect(await readPluginSecret(tdbOf(orgBId), server.deps.config, PLUGIN, 'apiKey')).toBe('B-1');
    // A row altered in the database is reported, left as it is, and the others still rotate.
    await server.deps.db
      .updateTable('plugin_secrets')
      .set({ tag: Buffer.alloc(16).toString('base64') })
      .where('org_id', '=', orgBId)
      .where('name', '=', 'apiKey')
      .execute();
    const ringD = { current: keyB, byId: new Map([keyB, keyC].map((k) => [k.id, k.key])), source: 'test' };
    const report = await rotatePluginSecrets(server.deps.db, ringD);
    expect(report).toMatchObject({ rotated: 3, failed: [{ orgId: orgBId, pluginId: PLUGIN, name: 'apiKey' }] });
    useKeys(keyB);
    expect((await orgB.admin.get(URL_)).body).toMatchObject({ secrets: { apiKey: 'unreadable', clientSecret: 'set' } });
    await orgB.admin.put(URL_, { secrets: { apiKey: 'B-1' } });
  });
});

describe('the generated key in DATA_DIR (no SECRETS_KEYS)', () => {
  it('is created with mode 0600 on the first secret written, reused by another process, and can be moved into SECRETS_KEYS', async () => {
    const file = path.join(cliEnv.DATA_DIR!, 'secrets.key');
    useKeys(undefined);
    expect(fs.existsSync(file)).toBe(false);
    // Reading creates nothing: the old rows (key b) are unreadable without the ring.
    expect((await orgA.admin.get(URL_)).body).toMatchObject({ secrets: { apiKey: 'unreadable' } });
    expect(fs.existsSync(file)).toBe(false);
    await orgA.admin.put(URL_, { secrets: { apiKey: 'plikowy', clientSecret: null } });
    await orgB.admin.put(URL_, { secrets: { apiKey: null, clientSecret: null } });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const content = fs.readFileSync(file, 'utf8');
    const localId = /^(local-[0-9a-f]{8}):/.exec(content)?.[1];
    expect(localId).toBeDefined();
    expect((await secretRows(orgAId)).map((r) => r.key_id)).toEqual([localId]);
    expect((await orgA.admin.get(URL_)).body).toMatchObject({ secrets: { apiKey: 'set' } });

    // Another process (the CLI) without SECRETS_KEYS uses the same file and leaves it as it is.
    const r = await runCli(['secrets:rotate'], cliEnv);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Bieżący klucz: "${localId}" (${file}).`);
    expect(r.stdout).toContain('ROTATED 0 CURRENT 1 SKIPPED 0 FAILED 0');
    expect(fs.readFileSync(file, 'utf8')).toBe(content);

    // Moving it out (docs/operations.md): SECRETS_KEYS=<new key>,<the file's line>, rotate, drop the file.
    const moved = await runCli(['secrets:rotate'], { ...cliEnv, SECRETS_KEYS: `${entry(keyA)},${content.trim()}` });
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout).toContain('ROTATED 1 CURRENT 0');
    fs.rmSync(file);
    useKeys(keyA);
    expect(await readPluginSecret(tdbOf(orgAId), server.deps.config, PLUGIN, 'apiKey')).toBe('plikowy');
    expect(secretKeyRing(server.deps.config, { create: false })?.current.id).toBe('a');
  });
});

describe('the log', () => {
  it('never shows a secret of a PUT body: saved, refused, malformed or failing with a server error', async () => {
    const secret = `sekret-z-logu-${randomBytes(6).toString('hex')}`;
    await orgA.admin.put(URL_, { secrets: { apiKey: secret } });
    await orgA.admin.put(URL_, { values: { batchSize: -1 }, secrets: { apiKey: secret } });
    await orgA.admin.put(URL_, { secrets: { nieznane: secret } });
    const broken = await orgA.admin.request('PUT', URL_, {
      headers: { 'content-type': 'application/json' },
      json: undefined,
    });
    expect(broken.status).toBe(400);
    // Malformed JSON holding the secret, past the XSRF check, so the JSON parser meets it.
    const xsrf = (orgA.admin as unknown as { xsrf: string }).xsrf;
    const raw = await fetch(server.url + URL_, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        [AUTH_HEADER]: orgA.token.token,
        cookie: `${XSRF_COOKIE}=${xsrf}`,
        [XSRF_HEADER]: xsrf,
      },
      body: `{"secrets":{"apiKey":"${secret}"`,
    });
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as { message: string }).message).toBe('Niepoprawny format danych (JSON).');
    // A key file that cannot be read makes the write fail with a logged 500.
    const damaged = fs.mkdtempSync(path.join(os.tmpdir(), 'zaplecze-damaged-'));
    ownDirs.push(damaged);
    fs.writeFileSync(path.join(damaged, 'secrets.key'), 'zepsuty\n');
    const dataDir = server.deps.config.dataDir;
    server.deps.config.dataDir = damaged;
    useKeys(undefined);
    try {
      const failed = await orgA.admin.put(URL_, { secrets: { apiKey: secret } });
      expect(failed.status).toBe(500);
      // Reading goes on: the stored value is just unreadable.
      expect((await orgA.admin.get(URL_)).body).toMatchObject({ secrets: { apiKey: 'unreadable' } });
    } finally {
      server.deps.config.dataDir = dataDir;
      useKeys(keyA);
    }
    await orgA.admin.get(`${URL_}?marker=end`);
    for (let i = 0; i < 100 && !lines.some((l) => l.includes('request completed') && l.includes('marker')); i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const log = lines.join('\n');
    expect(log).toContain('request failed');
    expect(log).toContain(`"url":"${URL_}"`);
    expect(log).not.toContain(secret);
    expect(log).not.toContain(Buffer.from(secret).toString('base64'));
    expect(log).not.toContain(keyA.key.toString('base64'));
  });
});
