/**
 * wholesale-csv through real HTTP on both engines (docs/plugins.md, wholesale-csv): profiles and
 * their refusals, the 404 of an organisation without the plugin, tenant isolation, the preview,
 * imports run by the job worker (create, update, unchanged, a second run that changes nothing,
 * ledger rows of type IMPORT), broken rows reported and never half-applied, and bad files.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, type TestOrg } from '../../../packages/server/test/factories';
import { startTestServer, type ApiClient, type TestServer } from '../../../packages/server/test/harness';
import { verifyLedger } from '../../../packages/server/src/modules/stock';
import { TenantDb } from '../../../packages/server/src/db/tenant';
import type { ImportStatus, PreviewAnswer, Profile, ProfileInput } from '../schemas';
import { pluginJobWorker } from '../../../packages/server/test/plugin-jobs';

let server: TestServer;
let a: TestOrg;
let b: TestOrg;
let orgA: number;
let statusId: number;

const BASE = '/api/plugins/wholesale-csv';
const install = (client: ApiClient) =>
  client.request('POST', '/api/plugin_install', { form: { pluginId: 'wholesale-csv' } });

beforeAll(async () => {
  server = await startTestServer();
  a = await createOrg(server);
  b = await createOrg(server);
  expect((await install(a.admin)).status).toBe(204);
  const db = server.database.db;
  orgA = (await db.selectFrom('organizations').select('id').where('prefix', '=', a.prefix).executeTakeFirstOrThrow())
    .id;
  statusId = (await db.selectFrom('item_statuses').select('id').where('org_id', '=', orgA).executeTakeFirstOrThrow())
    .id;
});
afterAll(() => server.close());

const profileInput = (over: Partial<ProfileInput> = {}): ProfileInput => ({
  name: 'Hurtownia Łódź',
  encoding: 'auto',
  delimiter: 'auto',
  headerRow: true,
  columns: { code: 'kod', gtin: '', name: 'nazwa', extCode: '', extUrl: '', extPrice: 'cena', stock: 'stan', vat: '' },
  matchBy: 'code',
  createMissing: true,
  priceRule: 'margin',
  marginPercent: 10,
  stockRule: 'set',
  defaults: { itemStatusId: statusId, vat: 23, currency: 'PLN', categoryId: null },
  ...over,
});

async function createProfile(client: ApiClient, over: Partial<ProfileInput> = {}): Promise<Profile> {
  const res = await client.post<Profile>(`${BASE}/profiles`, profileInput(over));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

function form(file: Buffer | string, fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('file', new Blob([typeof file === 'string' ? Buffer.from(file, 'utf8') : file]), 'cennik.csv');
  return f;
}

const worker = () => pluginJobWorker(server.deps);

/** Uploads, runs the job to its end and answers the status with its report. */
async function runImport(
  client: ApiClient,
  profileId: number,
  file: Buffer | string,
): Promise<ImportStatus & { jobId: number }> {
  const res = await client.request<{ jobId: number }>('POST', `${BASE}/imports`, {
    multipart: form(file, { profileId: String(profileId) }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await worker().drain();
  const st = await client.get<ImportStatus>(`${BASE}/imports?jobId=${res.body.jobId}`);
  expect(st.status).toBe(200);
  return { ...st.body, jobId: res.body.jobId };
}

const items = (codes: string[]) =>
  server.database.db
    .selectFrom('items')
    .select(['code', 'name', 'price', 'count_ware', 'ext_price', 'vat', 'currency'])
    .where('org_id', '=', orgA)
    .where('code', 'in', codes)
    .orderBy('code')
    .execute();
const ledger = (code: string) =>
  server.database.db
    .selectFrom('warehouse_changes')
    .select(['type', 'quantity', 'qty_after'])
    .where('org_id', '=', orgA)
    .where('item_code', '=', code)
    .orderBy('id')
    .execute();

describe('profiles', () => {
  it('creates, reads, changes, lists and deletes a profile', async () => {
    const p = await createProfile(a.admin);
    expect(p).toMatchObject({ name: 'Hurtownia Łódź', marginPercent: 10, defaults: { vat: 23, currency: 'PLN' } });
    expect((await a.admin.get<Profile>(`${BASE}/profile?id=${p.id}`)).body.columns.code).toBe('kod');
    const put = await a.admin.put<Profile>(
      `${BASE}/profile?id=${p.id}`,
      profileInput({ name: 'Inna', marginPercent: '12,5' }),
    );
    expect([put.status, put.body.name, put.body.marginPercent]).toEqual([200, 'Inna', 12.5]);
    const list = await a.admin.get<{ profiles: Profile[] }>(`${BASE}/profiles`);
    expect(list.body.profiles.map((x) => x.name)).toContain('Inna');
    expect((await a.admin.delete(`${BASE}/profile?id=${p.id}`)).status).toBe(204);
    expect((await a.admin.get(`${BASE}/profile?id=${p.id}`)).status).toBe(404);
  });

  it('refuses bad profiles with Polish messages', async () => {
    const cases: [Partial<ProfileInput>, RegExp][] = [
      [{ name: '' }, /Podaj nazwę profilu/],
      [{ headerRow: false }, /nie ma wiersza nagłówka/],
      [{ columns: { ...profileInput().columns, stock: '' } }, /Ustawianie stanów wymaga kolumny/],
      [{ columns: { ...profileInput().columns, code: '' } }, /kolumnę/],
      [{ marginPercent: 5000 }, /Marża/],
      [{ defaults: { itemStatusId: 999999, vat: 23, currency: 'PLN', categoryId: null } }, /statusu/],
      [{ defaults: { itemStatusId: null, vat: 23, currency: 'ZLT', categoryId: null } }, /waluty/],
    ];
    for (const [over, message] of cases) {
      const res = await a.admin.post<{ message: string }>(`${BASE}/profiles`, profileInput(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
  });

  it('answers 404 to an organisation without the plugin, another organisation a missing profile, a user without the key 403', async () => {
    const p = await createProfile(a.admin);
    expect((await b.admin.get(`${BASE}/profiles`)).body).toEqual({
      code: 404,
      message: 'Plugin nie jest zainstalowany',
    });
    expect((await install(b.admin)).status).toBe(204);
    expect((await b.admin.get(`${BASE}/profile?id=${p.id}`)).status).toBe(404);
    expect((await b.admin.delete(`${BASE}/profile?id=${p.id}`)).status).toBe(404);
    expect((await b.admin.get<{ profiles: Profile[] }>(`${BASE}/profiles`)).body.profiles).toEqual([]);
    const user = await createUser(server, a, { login: 'bezimportu', permissions: 'main.items.edit' });
    expect((await user.client.get(`${BASE}/profiles`)).status).toBe(403);
  });
});

describe('preview', () => {
  it('answers 20 rows with the detected encoding and delimiter, and takes overrides', async () => {
    const p = await createProfile(a.admin);
    const rows = Array.from({ length: 30 }, (_, i) => `P${i};"Żółć; ""gęś""\nlinia";12,50;${i}`);
    const file = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(['kod;nazwa;cena;stan', '', ...rows].join('\r\n')),
    ]);
    const res = await a.admin.request<PreviewAnswer>('POST', `${BASE}/preview`, {
      multipart: form(file, { profileId: String(p.id) }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      encoding: 'utf-8',
      delimiter: 'semicolon',
      header: ['kod', 'nazwa', 'cena', 'stan'],
      warnings: [],
    });
    expect(res.body.rows).toHaveLength(20);
    expect(res.body.rows[0]).toEqual(['P0', 'Żółć; "gęś"\nlinia', '12,50', '0']);
    expect(res.body.lines.slice(0, 3)).toEqual([3, 5, 7]);
    const win = Buffer.from([0x6b, 0x6f, 0x64, 0x2c, 0x6e, 0x61, 0x7a, 0x77, 0x61, 0x0a, 0x41, 0x2c, 0xb9, 0x9c, 0x9f]);
    const auto = await a.admin.request<PreviewAnswer>('POST', `${BASE}/preview`, {
      multipart: form(win, { profileId: String(p.id) }),
    });
    expect(auto.body).toMatchObject({ encoding: 'windows-1250', delimiter: 'comma', rows: [['A', 'ąśź']] });
    const iso = await a.admin.request<PreviewAnswer>('POST', `${BASE}/preview`, {
      multipart: form(win, { profileId: String(p.id), encoding: 'iso-8859-2', delimiter: 'semicolon' }),
    });
    expect(iso.body).toMatchObject({ encoding: 'iso-8859-2', delimiter: 'semicolon', rows: [['A,š\u009c\u009f']] });
    expect(iso.body.warnings.join(' ')).toMatch(/Brak kolumny „kod”/);
  });
});

describe('imports', () => {
  it('creates, updates and leaves unchanged; a second run changes nothing; stock goes through the ledger as IMPORT', async () => {
    const p = await createProfile(a.admin);
    const file = [
      'kod;nazwa;cena;stan',
      'imp-1;Kubek „Łabędź”;10,00;5',
      'IMP-2;=SUM(A1);3,33;0',
      '',
      'IMP-3;+48 600;1;7',
    ].join('\n');
    const first = await runImport(a.admin, p.id, file);
    expect(first).toMatchObject({
      state: 'done',
      done: 3,
      total: 3,
      report: { created: 3, updated: 0, unchanged: 0, errors: [] },
    });
    expect(await items(['IMP-1', 'IMP-2', 'IMP-3'])).toEqual([
      {
        code: 'IMP-1',
        name: 'Kubek „Łabędź”',
        price: 1100,
        count_ware: 5,
        ext_price: 1000,
        vat: 2300,
        currency: 'PLN',
      },
      { code: 'IMP-2', name: '=SUM(A1)', price: 366, count_ware: 0, ext_price: 333, vat: 2300, currency: 'PLN' },
      { code: 'IMP-3', name: '+48 600', price: 110, count_ware: 7, ext_price: 100, vat: 2300, currency: 'PLN' },
    ]);
    expect(await ledger('IMP-1')).toEqual([{ type: 'IMPORT', quantity: 5, qty_after: 5 }]);
    expect(await ledger('IMP-2')).toEqual([]);

    // The same rows again, now with a BOM and CRLF line ends: nothing to change.
    const again = await runImport(a.admin, p.id, Buffer.from(`\ufeff${file.replace(/\n/g, '\r\n')}`, 'utf8'));
    expect(again.report).toEqual({ created: 0, updated: 0, unchanged: 3, errors: [] });
    expect(await ledger('IMP-1')).toHaveLength(1);

    const changed = await runImport(
      a.admin,
      p.id,
      ['kod;nazwa;cena;stan', 'IMP-1;Kubek „Łabędź”;10,00;2', 'IMP-2;=SUM(A1);4;0'].join('\n'),
    );
    expect(changed.report).toEqual({ created: 0, updated: 2, unchanged: 0, errors: [] });
    expect(await ledger('IMP-1')).toEqual([
      { type: 'IMPORT', quantity: 5, qty_after: 5 },
      { type: 'IMPORT', quantity: -3, qty_after: 2 },
    ]);
    expect((await items(['IMP-2']))[0]!.price).toBe(440);
    // Every item's stock is the sum of its committed ledger rows (new items get their stock in the
    // insert and the IMPORT row beside it).
    expect((await verifyLedger(new TenantDb(server.deps.db, orgA))).differences).toEqual([]);
    const report = await a.admin.request('GET', `${BASE}/imports/report?jobId=${changed.jobId}`);
    expect(report.headers.get('content-disposition')).toContain('import_report.txt');
    expect(report.body).toContain('Zaktualizowane: 2');
    // Another organisation (which has the plugin too) sees neither the import nor its report.
    expect((await b.admin.get(`${BASE}/imports?jobId=${changed.jobId}`)).status).toBe(404);
    expect((await b.admin.get(`${BASE}/imports/report?jobId=${changed.jobId}`)).status).toBe(404);
  });

  it('reports broken rows with their line and reason, applies the rest, never half a row', async () => {
    const p = await createProfile(a.admin, { createMissing: true });
    const file = [
      'kod;nazwa;cena;stan',
      'BR-1;Dobry;1;1',
      'BR-2;Zła cena;abc;1',
      'BR-3;Zły stan;1;-4',
      'br-1;Powtórka;1;1',
      'Zły kod ą;x;1;1',
      'BR-4;"Nazwa',
      'w dwóch liniach";2;3',
      'BR-5;Krótki',
    ].join('\r\n');
    const st = await runImport(a.admin, p.id, file);
    expect(st.report!.created).toBe(2);
    expect(st.report!.errors.map((e) => e.row)).toEqual([3, 4, 5, 6, 9]);
    expect(st.report!.errors[0]!.reason).toMatch(/^Cena zewnętrzna: Kwota/);
    expect(st.report!.errors[2]!.reason).toMatch(/powtarza się w pliku \(pierwszy raz w wierszu 2\)/);
    expect(st.report!.errors[4]!.reason).toMatch(/nie ma kolumny nr 3/);
    expect((await items(['BR-4']))[0]).toMatchObject({ name: 'Nazwa\nw dwóch liniach', count_ware: 3 });
    expect(await items(['BR-2', 'BR-3', 'BR-5'])).toEqual([]);

    // A row the core refuses at write time (a code taken by another item, matched by GTIN) leaves nothing.
    const byGtin = await createProfile(a.admin, {
      matchBy: 'gtin',
      columns: {
        code: 'kod',
        gtin: 'gtin',
        name: 'nazwa',
        extCode: '',
        extUrl: '',
        extPrice: 'cena',
        stock: 'stan',
        vat: '',
      },
    });
    const g = await runImport(
      a.admin,
      byGtin.id,
      ['kod;gtin;nazwa;cena;stan', 'BR-1;5901234123457;Zajęty;1;9', 'BR-6;96385074;Nowy;1;9'].join('\n'),
    );
    expect(g.report!.created).toBe(1);
    expect(g.report!.errors).toEqual([{ row: 2, reason: expect.stringMatching(/BR-1/) }]);
    expect(await ledger('BR-1')).toEqual([{ type: 'IMPORT', quantity: 1, qty_after: 1 }]);
  });

  it('writes batches whole: a refused row and a repeat across batches leave the rest applied; a second run of many batches changes nothing', async () => {
    const ean13 = (n: number) => {
      const d = `590${String(n).padStart(9, '0')}`;
      const sum = [...d].reduce((s, ch, i) => s + Number(ch) * (i % 2 === 0 ? 1 : 3), 0);
      return `${d}${(10 - (sum % 10)) % 10}`;
    };
    const byCode = await createProfile(a.admin);
    expect((await runImport(a.admin, byCode.id, 'kod;nazwa;cena;stan\nBT-TAKEN;Zajęty;1;1')).report!.created).toBe(1);
    const byGtin = await createProfile(a.admin, {
      matchBy: 'gtin',
      columns: {
        code: 'kod',
        gtin: 'gtin',
        name: 'nazwa',
        extCode: '',
        extUrl: '',
        extPrice: 'cena',
        stock: 'stan',
        vat: '',
      },
    });
    // 450 rows: three batches. Line 252 (second batch) takes a code another item has: the core
    // refuses it at write time; line 422 (third batch) repeats the GTIN of line 12 (first batch).
    const n = 450;
    const file = (price: (i: number) => number) =>
      [
        'kod;gtin;nazwa;cena;stan',
        ...Array.from({ length: n }, (_, i) => {
          const code = i === 250 ? 'BT-TAKEN' : `BT-${i}`;
          return [code, ean13(100000 + (i === 420 ? 10 : i)), `Towar ${i}`, price(i), i % 7].join(';');
        }),
      ].join('\n');
    const errorRows = [252, 422];
    const changes = async () =>
      Number(
        (
          await server.database.db
            .selectFrom('warehouse_changes')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('org_id', '=', orgA)
            .executeTakeFirstOrThrow()
        ).n,
      );

    const first = await runImport(
      a.admin,
      byGtin.id,
      file(() => 2),
    );
    expect(first).toMatchObject({ state: 'done', done: n, total: n });
    expect(first.report!.created).toBe(n - 2);
    expect(first.report!.errors.map((e) => e.row)).toEqual(errorRows);
    expect(first.report!.errors[0]!.reason).toMatch(/BT-TAKEN/);
    expect(first.report!.errors[1]!.reason).toMatch(/powtarza się w pliku \(pierwszy raz w wierszu 12\)/);
    expect(await items(['BT-TAKEN', 'BT-251', 'BT-449'])).toMatchObject([
      { code: 'BT-251', price: 220, count_ware: 251 % 7 },
      { code: 'BT-449', price: 220, count_ware: 449 % 7 },
      { code: 'BT-TAKEN', name: 'Zajęty', count_ware: 1 },
    ]);
    expect(await ledger('BT-6')).toEqual([{ type: 'IMPORT', quantity: 6, qty_after: 6 }]);

    const before = await changes();
    const again = await runImport(
      a.admin,
      byGtin.id,
      file(() => 2),
    );
    expect(again.report).toMatchObject({ created: 0, updated: 0, unchanged: n - 2 });
    expect(again.report!.errors.map((e) => e.row)).toEqual(errorRows);
    expect(await changes()).toBe(before);

    // Every third row's price changes: exactly those are updated, in every batch.
    const third = await runImport(
      a.admin,
      byGtin.id,
      file((i) => (i % 3 === 0 ? 3 : 2)),
    );
    expect(third.report).toMatchObject({ created: 0, updated: 150 - 1, unchanged: n - 2 - 149 });
    expect(await items(['BT-3', 'BT-4', 'BT-447'])).toMatchObject([
      { code: 'BT-3', price: 330, count_ware: 3 },
      { code: 'BT-4', price: 220 },
      { code: 'BT-447', price: 330 },
    ]);
    expect(await changes()).toBe(before);
  });

  it('updates only existing items when the profile says so, matching by external code', async () => {
    const p = await createProfile(a.admin, {
      matchBy: 'extCode',
      createMissing: false,
      priceRule: 'keep',
      columns: { code: '', gtin: '', name: '', extCode: '1', extUrl: '', extPrice: '2', stock: '3', vat: '4' },
      headerRow: false,
    });
    const setup = await createProfile(a.admin, {
      columns: { code: '1', gtin: '', name: '', extCode: '2', extUrl: '', extPrice: '', stock: '3', vat: '' },
      headerRow: false,
      priceRule: 'keep',
    });
    expect((await runImport(a.admin, setup.id, 'EXT-1\tDOST-1\t1')).report!.created).toBe(1);
    const st = await runImport(a.admin, p.id, 'DOST-1,"12,34",8,8\nDOST-9,1,1,23');
    expect(st.report).toMatchObject({
      created: 0,
      updated: 1,
      errors: [{ row: 2, reason: expect.stringMatching(/Nie znaleziono towaru/) }],
    });
    expect((await items(['EXT-1']))[0]).toMatchObject({ ext_price: 1234, count_ware: 8, vat: 800, price: 0 });
  });

  it('refuses bad files with Polish messages', async () => {
    const p = await createProfile(a.admin);
    const post = (file: Buffer | string, fields: Record<string, string> = { profileId: String(p.id) }) =>
      a.admin.request<{ message: string }>('POST', `${BASE}/imports`, { multipart: form(file, fields) });
    const cases: [Buffer | string, number, RegExp, Record<string, string>?][] = [
      ['', 400, /pusty/],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1, 2]), 400, /dane binarne/],
      [
        Buffer.from([0x6b, 0x3b, 0xb9]),
        400,
        /nie jest zapisany w UTF-8/,
        { profileId: String(p.id), encoding: 'utf-8' },
      ],
      ['kod;nazwa', 404, /profilu/, { profileId: '999999' }],
      ['kod;nazwa', 400, /Wybierz profil/, {}],
    ];
    for (const [file, status, message, fields] of cases) {
      const res = await post(file, fields);
      expect([res.status, res.body.message]).toEqual([status, expect.stringMatching(message)]);
    }
    const big = await post(Buffer.alloc(50 * 1024 * 1024 + 1, 0x61));
    expect([big.status, big.body.message]).toEqual([413, 'Plik jest za duży: najwyżej 50 MB.']);
    const notMultipart = await a.admin.post<{ message: string }>(`${BASE}/imports`, { profileId: p.id });
    expect(notMultipart.status).toBe(400);
    // A quote never closed: the job reports it, nothing is applied.
    const st = await runImport(a.admin, p.id, 'kod;nazwa;cena;stan\nQ-1;"bez końca;1;1\nQ-2;x;1;1');
    expect(st.report).toEqual({
      created: 0,
      updated: 0,
      unchanged: 0,
      errors: [{ row: 2, reason: expect.stringMatching(/cudzysłów/) }],
    });
    expect((await a.admin.get(`${BASE}/imports?jobId=999999`)).status).toBe(404);
  });
});

describe('round trip', () => {
  const cellText = fc
    .array(fc.constantFrom(...'aąćęłńóśźżĄĆĘŁŃÓŚŹŻ ;,\t"\n=+-@xyz019'.split('')), { minLength: 1, maxLength: 12 })
    .map((cs) => cs.join('').trim())
    .filter((s) => s !== '');
  const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const cp1250 = (s: string) => {
    const table = new TextDecoder('windows-1250');
    const map = new Map<string, number>();
    for (let b = 0; b < 256; b++) map.set(table.decode(Uint8Array.of(b)), b);
    return Buffer.from([...s].map((ch) => map.get(ch)!));
  };

  it('imports generated rows in UTF-8 and Windows-1250 with ; , and tab into exactly the items they describe', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.record({ name: cellText, stock: fc.nat({ max: 1000 }), price: fc.nat({ max: 100000 }) }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.constantFrom(';', ',', '\t'),
        fc.boolean(),
        async (rows, delim, windows) => {
          run++;
          const codes = rows.map((_, i) => `RT-${run}-${i}`);
          const price = (n: number) => `${Math.trunc(n / 100)},${String(n % 100).padStart(2, '0')}`;
          const lines = ['kod', 'nazwa', 'cena', 'stan'].join(delim);
          const body = rows.map((r, i) =>
            [codes[i]!, quote(r.name), quote(price(r.price)), String(r.stock)].join(delim),
          );
          const text = [lines, ...body].join('\r\n');
          const p = await createProfile(a.admin, { name: `RT ${run}`, marginPercent: 0 });
          const st = await runImport(a.admin, p.id, windows ? cp1250(text) : text);
          expect(st.report).toEqual({ created: rows.length, updated: 0, unchanged: 0, errors: [] });
          const got = await items(codes);
          expect(got.map((g) => [g.code, g.name, g.ext_price, g.count_ware])).toEqual(
            rows
              .map((r, i) => [codes[i], r.name, r.price, r.stock])
              .sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
          );
        },
      ),
      { numRuns: 12 },
    );
  });
});
