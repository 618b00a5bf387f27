/**
 * The jpk plugin through real HTTP and the job worker on both engines (docs/plugins.md, "Plugin:
 * jpk"): the settings and their Polish refusals, the file requests' refusals (never a 500), a
 * JPK_V7M of the current month from invoices issued through the core (one of them to an order
 * with a receipt: FP), invoices and receipts written as the core keeps them, one with a KSeF
 * number; its download validates against the official schema (WebAssembly xmllint and, when
 * installed, libxml2's `xmllint --schema`) and its totals equal sums computed here from the
 * snapshots in the database; JPK_FA of a month and of days across two months; the refusals the
 * job stores (foreign currency, 'oo', no invoices); permissions, tenant isolation and deleting.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceSnapshot } from '@zaplecze/contract';
import { createOrg, createUser, orgIdOf, type TestOrg } from '../../../packages/server/test/factories';
import { startTestServer, type ApiClient, type TestServer } from '../../../packages/server/test/harness';
import { createOrderRefs, INVOICE_COMPANY, issueInvoice, orderBody } from '../../../packages/server/test/orders';
import { pluginJobWorker } from '../../../packages/server/test/plugin-jobs';
import { TenantDb } from '../../../packages/server/src/db/tenant';
import { pluginFiles } from '../../../packages/server/src/plugin-sdk/files';
import { filesAnswerSchema, type FileRequest, type JpkFile } from '../schemas';
import { COMPANY_SETTINGS, insertDocuments, SELLER_NIP, snapshot, xmllintCli } from '../test/documents';
import { grosze, readXml, registerSums, rowSums, zloty } from '../test/expect';
import { validateFa4, validateV7m } from './schemas';
import { FILES, jpkDb } from './tables';

const BASE = '/api/plugins/jpk';
const KSEF_NUMBER = `${SELLER_NIP}-20261115-0A1B2C3D4E5F-7B`;

let server: TestServer;
let a: TestOrg;
let b: TestOrg;
let now: { year: number; month: number };
let fpInvoice: string;
let ksefInvoice: string;

const install = (client: ApiClient, pluginId = 'jpk') =>
  client.request('POST', '/api/plugin_install', { form: { pluginId } });

async function snapshotsOf(org: TestOrg, kind: 'invoices' | 'receipts', year: number, month: number) {
  const rows = await server.deps.db
    .selectFrom(kind)
    .select(['snapshot', 'order_id'])
    .where('org_id', '=', orgIdOf(org))
    .where('year', '=', year)
    .where('month', '=', month)
    .orderBy('n')
    .execute();
  return rows.map((r) => ({ snap: JSON.parse(r.snapshot) as InvoiceSnapshot, orderId: r.order_id }));
}

/** Asks for a file, runs the job worker, answers the file's row. */
async function makeFile(client: ApiClient, body: FileRequest): Promise<JpkFile> {
  const res = await client.post<{ jobId: number }>(`${BASE}/files`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(Object.keys(res.body)).toEqual(['jobId']);
  const before = await client.get(`${BASE}/files?jobId=${res.body.jobId}`);
  expect(filesAnswerSchema.parse(before.body).files[0]).toMatchObject({ state: 'pending', jobId: res.body.jobId });
  await pluginJobWorker(server.deps).drain();
  const after = filesAnswerSchema.parse((await client.get(`${BASE}/files?jobId=${res.body.jobId}`)).body);
  expect(after.files).toHaveLength(1);
  return after.files[0]!;
}

async function download(client: ApiClient, id: number) {
  return client.getBytes(`${BASE}/files/download?id=${id}`);
}

const dd = (n: number) => String(n).padStart(2, '0');

beforeAll(async () => {
  server = await startTestServer();
  a = await createOrg(server, { companyName: 'Sklep Żółta Gęś sp. z o.o.', taxId: SELLER_NIP });
  b = await createOrg(server);
  expect((await install(a.admin)).status).toBe(204);
  // The KSeF marks come from the plugin that sends to KSeF (the SDK's ksefMarksOf).
  expect((await install(a.admin, 'invoicing')).status).toBe(204);
  expect((await install(b.admin)).status).toBe(204);
  await createOrderRefs(a.admin);

  // Invoices issued through the core: a company, a private buyer; the third order also has a receipt (FP).
  const order = async (overrides: Record<string, unknown>) => {
    const res = await a.admin.post<{ id: number }>('/api/orders', orderBody(overrides));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.id;
  };
  const o1 = await order({
    invoice: INVOICE_COMPANY,
    items: [
      { code: 'KUB-1', name: 'Kubek ceramiczny źdźbło', quantity: 3, price: 24.6, vat: 23 },
      { code: 'KS-2', name: 'Książka „Pan Tadeusz”', quantity: 1, price: 39.9, vat: 5 },
    ],
  });
  const o2 = await order({
    invoice: { isCompany: false, nameSurname: 'Jan Żółć', address: 'Długa 1', postCode: '00-001', city: 'Warszawa' },
    items: [{ code: 'CH-1', name: 'Chleb', quantity: 2, price: 7.2, vat: 8 }],
  });
  const o3 = await order({
    invoice: INVOICE_COMPANY,
    items: [{ code: 'KUB-1', name: 'Kubek', quantity: 1, price: 100, vat: 23 }],
  });
  await issueInvoice(a.admin, o1);
  await issueInvoice(a.admin, o2);
  fpInvoice = await issueInvoice(a.admin, o3);
  const [, mm, yyyy] = fpInvoice.split(' ')[1]!.split('/');
  now = { year: Number(yyyy), month: Number(mm) };

  const orgA = orgIdOf(a);
  const today = Number(new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(new Date()).slice(8));
  const doc = (
    n: number,
    lines: Parameters<typeof snapshot>[0]['lines'],
    extra: Partial<Parameters<typeof snapshot>[0]> = {},
  ) => snapshot({ n, year: now.year, month: now.month, day: Math.min(today, 1 + (n % 28)), lines, ...extra });
  // Receipts of the month (one of them the FP invoice's order's), and invoices kept as the core keeps them.
  await insertDocuments(server.deps.db, orgA, 'receipts', [
    { snapshot: doc(1, [{ quantity: 1, unitGross: 12_300, vat: 23 }], { kind: 'receipt' }), orderId: o3 },
    {
      snapshot: doc(
        2,
        [
          { quantity: 3, unitGross: 1_099, vat: 8 },
          { quantity: 1, unitGross: 4_999, vat: 23 },
        ],
        { kind: 'receipt' },
      ),
    },
    {
      snapshot: doc(3, [{ quantity: 2, unitGross: 2_550, vat: 5 }], {
        kind: 'receipt',
        buyer: { isCompany: true, taxId: '5260250995' },
      }),
    },
  ]);
  const inserted = [
    doc(
      1001,
      [
        { quantity: 2, unitGross: 61_499, vat: 23 },
        { quantity: 1, unitGross: 1_000, vat: 'zw' },
      ],
      {
        buyer: { isCompany: true, name: 'Gelbe Gans GmbH', taxId: 'DE123456789', countryCode: 'DE' },
      },
    ),
    doc(1002, [
      { quantity: 1, unitGross: 50_000, vat: 0 },
      { quantity: 4, unitGross: 2_500, vat: 'np' },
    ]),
    doc(1003, [{ quantity: 7, unitGross: 333, vat: 23 }], {
      buyer: { isCompany: true, name: 'Żółta Gęś', taxId: '5260250995' },
    }),
  ];
  const [ksefId] = await insertDocuments(
    server.deps.db,
    orgA,
    'invoices',
    inserted.map((s) => ({ snapshot: s })),
  );
  ksefInvoice = inserted[0]!.number;
  // The invoicing plugin's record of one invoice KSeF accepted (its table, as its sender leaves it;
  // the jpk plugin reads it only through the SDK's ksefMarksOf).
  await sql`insert into p_invoicing_ksef (org_id, invoice_id, invoice_number, year, month, issued_at, gross, currency, state, ksef_number, updated_at)
    values (${orgA}, ${ksefId}, ${ksefInvoice}, ${now.year}, ${now.month}, ${inserted[0]!.issuedAt}, ${inserted[0]!.totals.gross}, 'PLN', 'ACCEPTED', ${KSEF_NUMBER}, ${new Date().toISOString()})`.execute(
    server.deps.db,
  );

  // Past months: a foreign-currency invoice (October 2026), an 'oo' one (September 2026), and
  // invoices on chosen days of May and June 2026 for JPK_FA periods.
  await insertDocuments(server.deps.db, orgA, 'invoices', [
    {
      snapshot: snapshot({
        n: 1,
        year: 2026,
        month: 10,
        lines: [{ quantity: 1, unitGross: 10_000, vat: 23 }],
        currency: 'EUR',
      }),
    },
    { snapshot: snapshot({ n: 2, year: 2026, month: 10, lines: [{ quantity: 1, unitGross: 10_000, vat: 23 }] }) },
    { snapshot: snapshot({ n: 1, year: 2026, month: 9, lines: [{ quantity: 1, unitGross: 10_000, vat: 'oo' }] }) },
    {
      snapshot: snapshot({ n: 1, year: 2026, month: 5, day: 28, lines: [{ quantity: 1, unitGross: 10_000, vat: 23 }] }),
    },
    { snapshot: snapshot({ n: 1, year: 2026, month: 6, day: 3, lines: [{ quantity: 2, unitGross: 4_321, vat: 8 }] }) },
    {
      snapshot: snapshot({
        n: 2,
        year: 2026,
        month: 6,
        day: 10,
        currency: 'EUR',
        lines: [
          { quantity: 1, unitGross: 9_999, vat: 'oo' },
          { quantity: 1, unitGross: 100, vat: 'zw' },
        ],
      }),
    },
    { snapshot: snapshot({ n: 3, year: 2026, month: 6, day: 20, lines: [{ quantity: 5, unitGross: 199, vat: 5 }] }) },
  ]);
});
afterAll(async () => {
  await server?.close();
});

describe('jpk plugin', { timeout: 120_000 }, () => {
  it('refuses files until the settings are complete, naming what is missing', async () => {
    const res = await a.admin.post(`${BASE}/files`, { kind: 'V7M', year: now.year, month: now.month });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: 'Uzupełnij ustawienia wtyczki Pliki JPK: kod urzędu skarbowego, NIP, e-mail, pełna nazwa.',
    });
    const list = filesAnswerSchema.parse((await a.admin.get(`${BASE}/files`)).body);
    expect(list.settingsMissing.V7M).toEqual(['kod urzędu skarbowego', 'NIP', 'e-mail', 'pełna nazwa']);
  });

  it('checks each setting with a Polish message and the field', async () => {
    const put = (values: Record<string, unknown>) => a.admin.put(`${BASE}/settings`, { values });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ taxOfficeCode: '12' }, 'values.taxOfficeCode', 'Kod urzędu skarbowego to 4 cyfry (np. 1471).'],
      [
        { taxOfficeCode: '9999' },
        'values.taxOfficeCode',
        'Nie ma urzędu skarbowego o kodzie 9999 na liście Ministerstwa Finansów.',
      ],
      [{ nip: '5260250275' }, 'values.nip', 'NIP: 10 cyfr z poprawną cyfrą kontrolną (np. 526-025-09-95).'],
      [{ email: 'biuro' }, 'values.email', 'Podaj poprawny adres e-mail (np. biuro@firma.pl).'],
      [
        { birthDate: '2030-01-01' },
        'values.birthDate',
        'Data urodzenia w formacie RRRR-MM-DD (od 1900-01-01, nie z przyszłości).',
      ],
      [{ postCode: '00916' }, 'values.postCode', 'Kod pocztowy w formacie 00-000.'],
      [{ phone: '1'.repeat(17) }, 'values.phone', 'Telefon: najwyżej 16 znaków.'],
      [{ naturalPerson: 'tak' }, 'values.naturalPerson', 'Osoba fizyczna: tak albo nie.'],
      [{ fullName: 42 }, 'values.fullName', 'Pełna nazwa: podaj tekst.'],
    ];
    for (const [values, field, message] of cases) {
      const res = await put(values);
      expect(res.status, JSON.stringify(values)).toBe(400);
      expect(res.body).toMatchObject({ field, message });
    }
    const ok = await put(COMPANY_SETTINGS);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ values: { taxOfficeCode: '1471', nip: '526-025-02-74', naturalPerson: false } });
    const list = filesAnswerSchema.parse((await a.admin.get(`${BASE}/files`)).body);
    expect(list.settingsMissing).toEqual({ V7M: [], FA: [] });
  });

  it('refuses bad requests with Polish messages, never a 500', async () => {
    const cases: [unknown, string][] = [
      [{ kind: 'X', year: 2026, month: 11 }, 'Rodzaj pliku: V7M (ewidencja i deklaracja VAT) albo FA (faktury).'],
      [{ kind: 'V7M', year: 2026 }, 'JPK_V7M jest za miesiąc: podaj rok i miesiąc (bez dat od-do).'],
      [{ kind: 'V7M', year: 2026, month: 13 }, 'Miesiąc: liczba całkowita od 1 do 12.'],
      [{ kind: 'V7M', year: '2026', month: 11 }, 'Rok: liczba całkowita od 2016 do 2100.'],
      [{ kind: 'V7M', year: 2026, month: 1 }, 'JPK_V7M(3) obejmuje okresy od lutego 2026 r.'],
      [{ kind: 'V7M', year: 2099, month: 1 }, 'Ten okres jeszcze się nie zaczął.'],
      [
        { kind: 'FA', year: 2026, month: 6, dateFrom: '2026-06-01', dateTo: '2026-06-30' },
        'JPK_FA: podaj rok i miesiąc albo daty od-do',
      ],
      [{ kind: 'FA', dateFrom: '2026-06-01' }, 'JPK_FA: podaj obie daty okresu'],
      [{ kind: 'FA', dateFrom: '2026-06-31', dateTo: '2026-07-01' }, 'Data w formacie RRRR-MM-DD.'],
      [
        { kind: 'FA', dateFrom: '2026-07-01', dateTo: '2026-06-01' },
        'Data początkowa okresu nie może być późniejsza niż końcowa.',
      ],
      [{ kind: 'FA', dateFrom: '2025-01-01', dateTo: '2026-06-01' }, 'Okres jednego pliku JPK_FA: najwyżej 366 dni.'],
      [
        { kind: 'FA', dateFrom: '2016-01-01', dateTo: '2016-02-01' },
        'JPK_FA(4) przyjmuje daty od 2016-07-01 do 2030-01-01.',
      ],
      [{ kind: 'FA', year: 2026, month: 6, correction: true }, 'JPK_FA(4) składa się tylko w pierwszej wersji'],
      [['V7M'], ''],
      ['V7M', ''],
    ];
    for (const [body, message] of cases) {
      const res = await a.admin.post<{ message: string }>(`${BASE}/files`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toContain(message);
    }
    for (const url of [
      `${BASE}/files/download?id=abc`,
      `${BASE}/files/download`,
      `${BASE}/files/download?id=1e99`,
      `${BASE}/files?jobId=-1`,
      `${BASE}/files?jobId=99999999999`,
    ]) {
      const res = await a.admin.get<{ message: string }>(url);
      expect(res.status, url).toBe(400);
    }
    expect((await a.admin.get(`${BASE}/files/download?id=999999`)).status).toBe(404);
  });

  it('makes JPK_V7M of the month: valid, FP, KSeF number, RO, totals equal the snapshots; downloads it', async () => {
    const file = await makeFile(a.admin, { kind: 'V7M', year: now.year, month: now.month });
    expect(file, JSON.stringify(file)).toMatchObject({ state: 'done', kind: 'V7M', correction: false, error: null });
    const invoices = await snapshotsOf(a, 'invoices', now.year, now.month);
    const receipts = await snapshotsOf(a, 'receipts', now.year, now.month);
    expect(file.total).toBe(invoices.length + receipts.length);
    expect(file.done).toBe(file.total);
    expect(file.fileName).toBe(`JPK_V7M_${now.year}-${dd(now.month)}.xml`);

    const res = await download(a.admin, file.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${file.fileName}"`);
    expect(res.bytes.length).toBe(file.bytes);
    expect(await validateV7m([{ name: 'download', xml: res.bytes.toString('utf8') }])).toEqual([]);
    expect(xmllintCli('V7M', res.bytes)).toBeOneOf(['', null]);

    const jpk = readXml(res.bytes).JPK;
    const rows: Record<string, string>[] = jpk.Ewidencja.SprzedazWiersz;
    expect(rows).toHaveLength(invoices.length + 1);
    const byNumber = new Map(rows.map((r) => [r.DowodSprzedazy, r]));
    const receiptOrders = new Set(receipts.map((r) => r.orderId).filter((id) => id !== null));
    for (const inv of invoices) {
      const row = byNumber.get(inv.snap.number)!;
      expect(rowSums([row]), inv.snap.number).toEqual(registerSums([inv.snap]));
      expect(row.TypDokumentu).toBe(inv.orderId !== null && receiptOrders.has(inv.orderId) ? 'FP' : undefined);
    }
    expect(byNumber.get(fpInvoice)!.TypDokumentu).toBe('FP');
    expect(byNumber.get(ksefInvoice)).toMatchObject({
      NrKSeF: KSEF_NUMBER,
      KodKrajuNadaniaTIN: 'DE',
      NrKontrahenta: '123456789',
    });
    const ro = rows[rows.length - 1]!;
    expect(ro).toMatchObject({ TypDokumentu: 'RO', DI: '1', NrKontrahenta: 'brak' });
    expect(rowSums([ro])).toEqual(registerSums(receipts.map((r) => r.snap)));

    const counted = [...invoices.filter((i) => byNumber.get(i.snap.number)!.TypDokumentu !== 'FP'), ...receipts].map(
      (d) => d.snap,
    );
    const sums = registerSums(counted);
    const taxDue = (sums.K_16 ?? 0) + (sums.K_18 ?? 0) + (sums.K_20 ?? 0);
    expect(grosze(jpk.Ewidencja.SprzedazCtrl.PodatekNalezny)).toBe(taxDue);
    const p = jpk.Deklaracja.PozycjeSzczegolowe;
    for (const [pf, kf] of [
      ['P_10', 'K_10'],
      ['P_11', 'K_11'],
      ['P_13', 'K_13'],
      ['P_15', 'K_15'],
      ['P_16', 'K_16'],
      ['P_17', 'K_17'],
      ['P_18', 'K_18'],
      ['P_19', 'K_19'],
      ['P_20', 'K_20'],
    ])
      expect(Number(p[pf!]), pf).toBe(zloty(sums[kf!]!));
    const p38 = zloty(sums.K_16!) + zloty(sums.K_18!) + zloty(sums.K_20!);
    expect([Number(p.P_38), Number(p.P_51)]).toEqual([p38, p38]);
    expect(file.summary).toMatchObject({
      invoices: invoices.length,
      receipts: receipts.length,
      rows: rows.length,
      total: taxDue,
      vatDue: p38,
      toPay: p38,
    });
    expect(file.summary!.warnings.join(' ')).toContain('1 faktura wystawiona do paragonu');
    expect(jpk.Podmiot1.OsobaNiefizyczna).toMatchObject({ NIP: SELLER_NIP, PelnaNazwa: COMPANY_SETTINGS.fullName });
  });

  it('makes JPK_FA of a month and of days across two months, only the invoices issued in the period', async () => {
    const june = await makeFile(a.admin, { kind: 'FA', year: 2026, month: 6 });
    expect(june).toMatchObject({ state: 'done', fileName: 'JPK_FA_2026-06-01_2026-06-30.xml' });
    const days = await makeFile(a.admin, { kind: 'FA', dateFrom: '2026-05-25', dateTo: '2026-06-15' });
    expect(days).toMatchObject({
      state: 'done',
      year: null,
      month: null,
      fileName: 'JPK_FA_2026-05-25_2026-06-15.xml',
    });
    const all = [...(await snapshotsOf(a, 'invoices', 2026, 5)), ...(await snapshotsOf(a, 'invoices', 2026, 6))].map(
      (d) => d.snap,
    );
    for (const [file, from, to] of [
      [june, '2026-06-01', '2026-06-30'],
      [days, '2026-05-25', '2026-06-15'],
    ] as const) {
      const res = await download(a.admin, file.id);
      expect(res.status).toBe(200);
      expect(await validateFa4([{ name: file.fileName!, xml: res.bytes.toString() }])).toEqual([]);
      expect(xmllintCli('FA', res.bytes)).toBeOneOf(['', null]);
      const jpk = readXml(res.bytes).JPK;
      const expected = all.filter((s) => s.issueDate >= from && s.issueDate <= to);
      expect(jpk.Faktura.map((f: { P_2A: string }) => f.P_2A)).toEqual(expected.map((s) => s.number));
      expect(jpk.Naglowek).toMatchObject({ DataOd: from, DataDo: to, KodUrzedu: '1471' });
      expect(grosze(jpk.FakturaCtrl.WartoscFaktur)).toBe(expected.reduce((t, s) => t + s.totals.gross, 0));
      expect(jpk.FakturaWiersz).toHaveLength(expected.reduce((t, s) => t + s.lines.length, 0));
      expect(jpk.Podmiot1.AdresPodmiotu).toMatchObject({
        KodKraju: 'PL',
        Wojewodztwo: 'mazowieckie',
        KodPocztowy: '00-916',
      });
    }
    expect(june.summary!.warnings.join(' ')).toContain('1 faktura jest w walucie obcej');
  });

  it('stores why a file could not be made: foreign currency, a rate without a field, no invoices', async () => {
    const eur = await makeFile(a.admin, { kind: 'V7M', year: 2026, month: 10 });
    expect(eur).toMatchObject({ state: 'failed', fileName: null });
    expect(eur.error).toContain('w walucie obcej bez kursu przeliczenia: FV 1/10/2026.');
    const oo = await makeFile(a.admin, { kind: 'V7M', year: 2026, month: 9, correction: true });
    expect(oo).toMatchObject({ state: 'failed', correction: true });
    expect(oo.error).toContain('stawka „oo”');
    expect(oo.error).toContain('FV 1/09/2026');
    const none = await makeFile(a.admin, { kind: 'FA', year: 2026, month: 8 });
    expect(none.error).toBe('W tym okresie nie wystawiono żadnej faktury: JPK_FA(4) musi zawierać co najmniej jedną.');
    const res = await a.admin.get<{ message: string }>(`${BASE}/files/download?id=${eur.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(eur.error);
  });

  it('needs the plugin permission for files and main.plugins.manage for the settings', async () => {
    const clerk = (await createUser(server, a, { login: 'ksiegowa', permissions: 'plugin.jpk.files' })).client;
    const other = (await createUser(server, a, { login: 'magazyn', permissions: 'main.order.show' })).client;
    const list = filesAnswerSchema.parse((await clerk.get(`${BASE}/files`)).body);
    expect(list.files.length).toBeGreaterThan(0);
    const done = list.files.find((f) => f.state === 'done')!;
    expect((await download(clerk, done.id)).status).toBe(200);
    expect((await clerk.get(`${BASE}/settings`)).status).toBe(403);
    expect((await clerk.put(`${BASE}/settings`, { values: { taxOfficeCode: '0202' } })).status).toBe(403);
    expect((await other.get(`${BASE}/files`)).status).toBe(403);
    expect((await other.post(`${BASE}/files`, { kind: 'V7M', year: now.year, month: now.month })).status).toBe(403);
    expect((await download(other, done.id)).status).toBe(403);
    expect((await other.delete(`${BASE}/files?id=${done.id}`)).status).toBe(403);
  });

  it('keeps each organisation to its own files; 404 where the plugin is not installed', async () => {
    const mine = filesAnswerSchema.parse((await a.admin.get(`${BASE}/files`)).body).files;
    const theirs = filesAnswerSchema.parse((await b.admin.get(`${BASE}/files`)).body);
    expect(theirs.files).toEqual([]);
    expect(theirs.settingsMissing.V7M).toContain('NIP');
    const id = mine.find((f) => f.state === 'done')!.id;
    expect((await download(b.admin, id)).status).toBe(404);
    expect((await b.admin.delete(`${BASE}/files?id=${id}`)).status).toBe(404);
    expect((await download(a.admin, id)).status).toBe(200);
    const c = await createOrg(server);
    const res = await c.admin.get<{ message: string }>(`${BASE}/files`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Plugin nie jest zainstalowany');
  });

  it('deletes a file and its stored XML', async () => {
    const file = await makeFile(a.admin, { kind: 'FA', year: 2026, month: 6 });
    expect((await a.admin.delete(`${BASE}/files?id=${file.id}`)).status).toBe(204);
    expect((await download(a.admin, file.id)).status).toBe(404);
    const list = filesAnswerSchema.parse((await a.admin.get(`${BASE}/files`)).body);
    expect(list.files.some((f) => f.id === file.id)).toBe(false);
  });

  it('uninstalling with "delete the data" removes the files and their stored XML', async () => {
    const c = await createOrg(server, { taxId: SELLER_NIP });
    expect((await install(c.admin)).status).toBe(204);
    expect((await c.admin.put(`${BASE}/settings`, { values: COMPANY_SETTINGS })).status).toBe(200);
    await insertDocuments(server.deps.db, orgIdOf(c), 'invoices', [
      { snapshot: snapshot({ n: 1, year: 2026, month: 6, lines: [{ quantity: 1, unitGross: 1_000, vat: 23 }] }) },
    ]);
    const file = await makeFile(c.admin, { kind: 'FA', year: 2026, month: 6 });
    expect(file.state).toBe('done');
    const { file_name: name } = await jpkDb(new TenantDb(server.deps.db, orgIdOf(c)))
      .selectFrom(FILES)
      .select('file_name')
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    expect(await pluginFiles.read(server.deps.config, 'jpk', orgIdOf(c), name!)).toBeInstanceOf(Buffer);
    const gone = await c.admin.request('DELETE', '/api/plugin_install?pluginId=jpk&deleteData=true');
    expect(gone.status).toBe(204);
    await expect(pluginFiles.read(server.deps.config, 'jpk', orgIdOf(c), name!)).rejects.toMatchObject({
      code: 'ENOENT',
    });
    expect((await install(c.admin)).status).toBe(204);
    expect(filesAnswerSchema.parse((await c.admin.get(`${BASE}/files`)).body).files).toEqual([]);
  });
});
