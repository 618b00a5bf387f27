import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parameterSchema, parametersResponseSchema, treeNodeSchema, type Parameter } from '@zaplecze/contract';
import { ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, createUser, type TestOrg } from '../../../test/factories';

let server: TestServer;
let org: TestOrg;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
});
afterAll(() => server.close());

async function category(name: string, number: string, parentId: number | null = null) {
  return treeNodeSchema.parse((await org.admin.post('/api/categories', { name, number, parentId })).body);
}
async function add(body: Record<string, unknown>): Promise<Parameter> {
  const res = await org.admin.post('/api/parameters', { type: 'STRING', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return parameterSchema.parse(res.body);
}
async function names(query = ''): Promise<string[]> {
  const res = await org.admin.get(`/api/parameters${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return parametersResponseSchema.parse(res.body).params.map((p) => p.name);
}

describe('/api/parameters', () => {
  it('creates, reads, updates and deletes a parameter; the category comes resolved', async () => {
    const cat = await category('Elektronika', 'EL');
    const created = await add({ name: '  Napięcie  ', type: 'NUMBER_REAL', categoryId: cat.id, isMulti: true });
    expect(created).toMatchObject({
      name: 'Napięcie',
      type: 'NUMBER_REAL',
      isMulti: true,
      dictionary: [],
      categoryId: cat.id,
      category: { id: cat.id, number: 'EL', fullNumber: 'EL', fullName: 'Elektronika' },
    });
    expect((await org.admin.get(`/api/parameters?id=${created.id}`)).body).toEqual(created);

    const updated = await org.admin.put<Parameter>('/api/parameters', {
      id: created.id,
      name: 'Moc',
      type: 'NUMBER_INT',
      categoryId: null,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Moc',
      type: 'NUMBER_INT',
      isMulti: false,
      categoryId: null,
      category: null,
    });

    expect((await org.admin.delete(`/api/parameters?id=${created.id}`)).status).toBe(204);
    const gone = await org.admin.get(`/api/parameters?id=${created.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Nie znaleziono parametru.');
    expect((await org.admin.delete(`/api/parameters?id=${created.id}`)).status).toBe(404);
    expect((await org.admin.put('/api/parameters', { id: created.id, name: 'X', type: 'STRING' })).status).toBe(404);
  });

  it("follows the category's renames", async () => {
    const cat = await category('Stara nazwa', 'SN');
    const param = await add({ name: 'Śledzony', categoryId: cat.id });
    await org.admin.put('/api/categories', { id: cat.id, name: 'Nowa nazwa', number: 'NN', parentId: null });
    const res = await org.admin.get<Parameter>(`/api/parameters?id=${param.id}`);
    expect(res.body.category).toEqual({ id: cat.id, number: 'NN', fullNumber: 'NN', fullName: 'Nowa nazwa' });
  });

  it('keeps the dictionary of DICT parameters in order, drops it for other types', async () => {
    const dict = await add({ name: 'Kolor', type: 'DICT', dictionary: [' Zielony ', 'Czerwony', 'Niebieski'] });
    expect(dict.dictionary).toEqual(['Zielony', 'Czerwony', 'Niebieski']);
    const text = await add({ name: 'Opis', type: 'STRING', dictionary: ['a', 'b'] });
    expect(text.dictionary).toEqual([]);
    const changed = await org.admin.put<Parameter>('/api/parameters', { ...dict, type: 'NUMBER_INT' });
    expect(changed.body.dictionary).toEqual([]);
  });

  it('refuses bad input with a Polish 400', async () => {
    const cases: [unknown, string][] = [
      [{ type: 'STRING' }, 'Podaj nazwę.'],
      [{ name: '  ', type: 'STRING' }, 'Podaj nazwę.'],
      [{ name: 'x'.repeat(201), type: 'STRING' }, 'Wartość jest za długa.'],
      [{ name: 'Typ' }, 'Nieznany typ parametru.'],
      [{ name: 'Typ', type: 'BOOLEAN' }, 'Nieznany typ parametru.'],
      [{ name: 'Słownik', type: 'DICT' }, 'Parametr słownikowy musi mieć co najmniej jedną wartość słownika.'],
      [
        { name: 'Słownik', type: 'DICT', dictionary: [] },
        'Parametr słownikowy musi mieć co najmniej jedną wartość słownika.',
      ],
      [
        { name: 'Słownik', type: 'DICT', dictionary: ['Czerwony', 'czerwony '] },
        'Wartości słownika nie mogą się powtarzać.',
      ],
      [{ name: 'Słownik', type: 'DICT', dictionary: ['A', ' '] }, 'Wartość słownika nie może być pusta.'],
      [{ name: 'Słownik', type: 'DICT', dictionary: ['x'.repeat(201)] }, 'Wartość jest za długa.'],
      [
        { name: 'Słownik', type: 'DICT', dictionary: Array.from({ length: 1001 }, (_, i) => `w${i}`) },
        'Słownik może mieć najwyżej 1000 wartości.',
      ],
      [{ name: 'Kategoria', type: 'STRING', categoryId: 'abc' }, 'Niepoprawny identyfikator.'],
      [{ name: 'Kategoria', type: 'STRING', categoryId: 2_000_000_000 }, 'Nie znaleziono wybranej kategorii.'],
    ];
    for (const [body, message] of cases) {
      const res = await org.admin.post<{ message: string }>('/api/parameters', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message, JSON.stringify(body).slice(0, 80)).toBe(message);
    }
    expect((await org.admin.put('/api/parameters', { name: 'Bez id', type: 'STRING' })).status).toBe(400);
    expect((await org.admin.delete('/api/parameters?id=abc')).status).toBe(400);
  });

  it("refuses another organisation's category exactly like a missing one", async () => {
    const other = await createOrg(server);
    const theirs = treeNodeSchema.parse(
      (await other.admin.post('/api/categories', { name: 'Cudza', number: 'C' })).body,
    );
    const mine = await add({ name: 'Mój' });
    const answers = [];
    for (const categoryId of [theirs.id, 2_000_000_000]) {
      const created = await org.admin.post('/api/parameters', { name: 'X', type: 'STRING', categoryId });
      const updated = await org.admin.put('/api/parameters', { ...mine, categoryId });
      const filtered = await org.admin.get(`/api/parameters?catId=${categoryId}`);
      answers.push([created, updated, filtered].map((r) => ({ status: r.status, body: r.body })));
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.map((a) => a.status)).toEqual([400, 400, 404]);
  });

  it('sorts by name (Polish order), then id', async () => {
    const other = await createOrg(server);
    const post = (name: string) => other.admin.post('/api/parameters', { name, type: 'STRING' });
    for (const name of ['Zasilanie', 'Ąbc', 'Bateria', 'Abc', 'Bateria']) await post(name);
    const res = await other.admin.get('/api/parameters');
    const params = parametersResponseSchema.parse(res.body).params;
    expect(params.map((p) => p.name)).toEqual(['Abc', 'Ąbc', 'Bateria', 'Bateria', 'Zasilanie']);
    expect(params[2]!.id).toBeLessThan(params[3]!.id);
  });
});

describe('GET /api/parameters filters', () => {
  let filterOrg: TestOrg;
  let ids: { root: number; child: number; grand: number; sibling: number };

  beforeAll(async () => {
    filterOrg = await createOrg(server);
    const cat = async (name: string, number: string, parentId: number | null = null) =>
      treeNodeSchema.parse((await filterOrg.admin.post('/api/categories', { name, number, parentId })).body).id;
    const root = await cat('Pojazdy', 'P');
    const child = await cat('Rowery', 'R', root);
    const grand = await cat('Górskie', 'G', child);
    const sibling = await cat('Hulajnogi', 'H', root);
    ids = { root, child, grand, sibling };
    const param = (name: string, categoryId: number | null) =>
      filterOrg.admin.post('/api/parameters', { name, type: 'STRING', categoryId });
    await param('g: globalny', null);
    await param('p: pojazdy', root);
    await param('r: rowery', child);
    await param('s: górskie', grand);
    await param('h: hulajnogi', sibling);
  });

  const list = async (query: string) => {
    const res = await filterOrg.admin.get(`/api/parameters${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return parametersResponseSchema.parse(res.body).params.map((p) => p.name);
  };

  it('without a category lists every parameter', async () => {
    expect(await list('')).toEqual(['g: globalny', 'h: hulajnogi', 'p: pojazdy', 'r: rowery', 's: górskie']);
  });

  it('catId -1 lists only the main (global) parameters, strict or not', async () => {
    expect(await list('?catId=-1')).toEqual(['g: globalny']);
    expect(await list('?catId=-1&isCatStrict=true')).toEqual(['g: globalny']);
  });

  it('a strict category lists only its own parameters', async () => {
    expect(await list(`?catId=${ids.child}&isCatStrict=true`)).toEqual(['r: rowery']);
    expect(await list(`?catId=${ids.child}&isCatStrict=1`)).toEqual(['r: rowery']);
    expect(await list(`?catId=${ids.root}&isCatStrict=true`)).toEqual(['p: pojazdy']);
  });

  it("a non-strict category adds its ancestors' and the global parameters, not its children's", async () => {
    expect(await list(`?catId=${ids.child}`)).toEqual(['g: globalny', 'p: pojazdy', 'r: rowery']);
    expect(await list(`?catId=${ids.grand}`)).toEqual(['g: globalny', 'p: pojazdy', 'r: rowery', 's: górskie']);
    expect(await list(`?catId=${ids.sibling}`)).toEqual(['g: globalny', 'h: hulajnogi', 'p: pojazdy']);
  });

  it("isCatStrict '0', 'false' and '' count as false", async () => {
    const loose = ['g: globalny', 'p: pojazdy', 'r: rowery'];
    for (const v of ['0', 'false', 'FALSE', ''])
      expect(await list(`?catId=${ids.child}&isCatStrict=${v}`)).toEqual(loose);
  });

  it('refuses a bad catId (400) and an unknown one (404)', async () => {
    for (const bad of ['abc', '0', '-2', '1.5']) {
      const res = await filterOrg.admin.get<{ message: string }>(`/api/parameters?catId=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe('Niepoprawny identyfikator.');
    }
    const res = await filterOrg.admin.get<{ message: string }>('/api/parameters?catId=2000000000');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Nie znaleziono kategorii.');
  });

  it("never lists another organisation's parameters", async () => {
    expect(await names()).not.toContain('g: globalny');
  });
});

describe('parameters access', () => {
  it('needs a signed-in user to read, and main.items.edit to change', async () => {
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.get('/api/parameters')).status).toBe(401);
    expect((await anonymous.post('/api/parameters', { name: 'X', type: 'STRING' })).status).toBe(401);

    const param = await add({ name: 'Chroniony' });
    const reader = await createUser(server, org, { login: 'czytelnik', permissions: 'main.items.show' });
    expect((await reader.client.get('/api/parameters')).status).toBe(200);
    expect((await reader.client.get(`/api/parameters?id=${param.id}`)).status).toBe(200);
    expect((await reader.client.post('/api/parameters', { name: 'X', type: 'STRING' })).status).toBe(403);
    expect((await reader.client.put('/api/parameters', { ...param, name: 'X' })).status).toBe(403);
    expect((await reader.client.delete(`/api/parameters?id=${param.id}`)).status).toBe(403);

    const editor = await createUser(server, org, { login: 'edytor', permissions: 'main.items.edit' });
    expect((await editor.client.post('/api/parameters', { name: 'Edytora', type: 'STRING' })).status).toBe(200);
    expect((await editor.client.delete(`/api/parameters?id=${param.id}`)).status).toBe(204);
  });
});
