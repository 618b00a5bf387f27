import { afterAll, beforeAll, describe, it } from 'vitest';
import { barcodePdfSchema, encodeReaderCode, parseReaderCode, type ReaderCode } from '@zaplecze/contract';
import { startTestServer, testEngine, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg } from '../../../test/factories';
import { decodeCode128, pdfPageCount, pdfText } from '../../../test/pdf-tools';

/**
 * The proof that printed sheets work: each sheet kind is rendered by the API, rasterised at
 * 300 dpi and read back with zbar. Every code must decode to exactly the text the contract
 * encodes, parse back to its entity, and carry its Polish caption.
 */
let server: TestServer;
let org: TestOrg;

interface Case {
  kind: string;
  body: object;
  pages: number;
  /** Each printed code with the caption expected under it, in print order. */
  labels: [ReaderCode, string][];
  /** A caption too long for two lines is cut with an ellipsis. */
  cut?: boolean;
}
const cases: Case[] = [];

async function create(path: string, body: object): Promise<number> {
  const res = await org.admin.post<{ id: number }>(path, body);
  if (res.status !== 200) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** Two rows of a named list, with Polish letters and a caption long enough to be cut. */
async function namedCase(
  kind: 'item_status' | 'item_group' | 'delivery_price_list' | 'delivery_time' | 'order_status' | 'income_source',
  path: string,
  label: string,
): Promise<Case> {
  const short = await create(path, { name: 'Zażółć' });
  const long = 'Gęślą jaźń '.repeat(6).trim();
  const longId = await create(path, { name: long });
  return {
    kind,
    body: { ids: [longId, short] },
    pages: 1,
    cut: true,
    labels: [
      [{ kind, id: longId }, `${label}: Gęślą jaźń`],
      [{ kind, id: short }, `${label}: Zażółć`],
    ],
  };
}

async function treeCase(kind: 'category' | 'place', path: string, label: string): Promise<Case> {
  const root = await create(path, {
    name: 'Hala północna',
    number: 'H',
    parentId: null,
  });
  const child = await create(path, {
    name: 'Regał łożysk',
    number: '12',
    parentId: root,
  });
  return {
    kind,
    body: { ids: [child, root] },
    pages: 1,
    labels: [
      [{ kind, id: child }, `${label}: H-12 Regał łożysk`],
      [{ kind, id: root }, `${label}: H Hala północna`],
    ],
  };
}

beforeAll(async () => {
  if (testEngine() !== 'sqlite') return;
  server = await startTestServer();
  org = await createOrg(server);
  const numbers = [1, -1, 5, -3, 12, -250, 999_999, -999_999];
  const grams = Array.from({ length: 30 }, (_, i) => (i + 1) * 150);
  const mm = [1, 9, 50, 300, 1250, 100_000];
  const sizeA = await create('/api/user_sizes', {
    name: 'Karton średni',
    sizeA: 300,
    sizeB: 200,
    sizeC: 150,
  });
  const sizeB = await create('/api/user_sizes', {
    name: 'Koperta',
    sizeA: 250,
    sizeB: 350,
    sizeC: 0,
  });
  const status = await create('/api/item_statuses', { name: 'Aktywny' });
  for (const [code, name] of [
    ['KUBEK-1', 'Kubek żółty 300 ml'],
    ['ETUI/IP13', ''],
  ]) {
    await create('/api/items', { code, name, price: 1, vat: 23, currency: 'PLN', countWare: 0, itemStatusId: status });
  }
  cases.push(
    {
      kind: 'item',
      body: { itemCodes: ['etui/ip13', 'KUBEK-1', 'KUBEK-1'] },
      pages: 1,
      labels: [
        [{ kind: 'item', code: 'ETUI/IP13' }, 'Towar bez nazwy'],
        [{ kind: 'item', code: 'KUBEK-1' }, 'Kubek żółty 300 ml'],
      ],
    },
    {
      kind: 'item_add_sub',
      body: { numbers },
      pages: 1,
      labels: numbers.map((q) => [
        { kind: 'stock_change', quantity: q },
        q > 0 ? `Zwiększ stan o ${q}` : `Zmniejsz stan o ${-q}`,
      ]),
    },
    {
      kind: 'weight',
      body: { grams },
      pages: 2,
      labels: grams.map((g) => [{ kind: 'weight', grams: g }, `Waga ${g} g`]),
    },
    {
      kind: 'size',
      body: { milimeters: mm },
      pages: 1,
      labels: mm.map((m) => [{ kind: 'size', mm: m }, `Rozmiar ${m} mm`]),
    },
    {
      kind: 'other',
      body: {},
      pages: 1,
      labels: [
        [{ kind: 'command', command: 'SEND' }, 'Drukuj list przewozowy / nadaj paczkę'],
        [{ kind: 'command', command: 'PROBLEM' }, 'Zgłoś problem'],
        [{ kind: 'command', command: 'DOCUMENT' }, 'Drukuj dokument'],
        [{ kind: 'command', command: 'RESET' }, 'Reset'],
      ],
    },
    {
      kind: 'user_size',
      body: { ids: [sizeA, sizeB] },
      pages: 1,
      labels: [
        [{ kind: 'user_size', id: sizeA }, 'Rozmiar: Karton średni (300×200×150 mm)'],
        [{ kind: 'user_size', id: sizeB }, 'Rozmiar: Koperta (250×350×0 mm)'],
      ],
    },
    await namedCase('item_status', '/api/item_statuses', 'Status towaru'),
    await namedCase('item_group', '/api/item_groups', 'Grupa towarów'),
    await namedCase('delivery_price_list', '/api/delivery_price_lists', 'Cennik dostawy'),
    await namedCase('delivery_time', '/api/delivery_times', 'Czas dostawy'),
    await namedCase('order_status', '/api/order_statuses', 'Status zamówienia'),
    await namedCase('income_source', '/api/income_sources', 'Źródło przychodu'),
    await treeCase('category', '/api/categories', 'Kategoria'),
    await treeCase('place', '/api/places', 'Miejsce'),
  );
});
afterAll(() => server?.close());

const KINDS = [
  'item',
  'item_add_sub',
  'weight',
  'size',
  'other',
  'user_size',
  'item_status',
  'item_group',
  'delivery_price_list',
  'delivery_time',
  'order_status',
  'income_source',
  'category',
  'place',
];

// One sheet after another: rasterising is CPU-bound, and the suite shares two cores. On SQLite
// only: the sheet is drawn from the same answer on both engines, and what the database gives it
// (names, ids, order) is checked on both by printing.api.test.ts; rasterising at 300 dpi and
// decoding a second time proved nothing more and cost the suite a minute.
describe.runIf(testEngine() === 'sqlite')('printed reader codes read back', () => {
  it.for(KINDS)(
    '%s: every code decodes to its text and entity, under its caption',
    { timeout: 60_000 },
    async (kind, { expect }) => {
      const c = cases.find((x) => x.kind === kind)!;
      const res = await org.admin.post(`/api/print/barcode/${kind}`, c.body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const pdf = Buffer.from(barcodePdfSchema.parse(res.body).pdf, 'base64');
      expect(await pdfPageCount(pdf)).toBe(c.pages);

      const expected = c.labels.map(([code]) => encodeReaderCode(code));
      const decoded = await decodeCode128(pdf);
      expect([...decoded].sort()).toEqual([...expected].sort());
      for (const text of decoded) {
        const entity = parseReaderCode(text);
        expect(c.labels.some(([code]) => JSON.stringify(code) === JSON.stringify(entity))).toBe(true);
      }

      // Code text and caption follow each other in print order; a long caption is cut with '…'.
      const text = await pdfText(pdf);
      let from = 0;
      for (const [i, [, caption]] of c.labels.entries()) {
        const at = text.indexOf(`${expected[i]} ${caption}`, from);
        expect(at, `${expected[i]} ${caption} in ${text}`).toBeGreaterThanOrEqual(0);
        from = at + 1;
      }
      expect(text.includes('…')).toBe(c.cut === true);
    },
  );
});
