/**
 * The moto plugin through real HTTP on both engines (docs/plugins.md, "The moto plugin"): the
 * catalogue's CRUD and refusals, the 404 of an organisation that has not installed it, tenant
 * isolation, an item's fitments, the mass change in its three modes, the item search filter
 * combined with the core's filters, sorts, pages and exact count (against a brute-force
 * expectation, in SQL and in the item filter index), and the catalogue's CSV round trip.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemRow } from '@zaplecze/contract';
import { createOrg, createUser, type TestOrg } from '../../../packages/server/test/factories';
import { startTestServer, type ApiClient, type TestServer } from '../../../packages/server/test/harness';
import { createCatalog, itemBody, type Catalog } from '../../../packages/server/test/catalog';
import { indexTuning } from '../../../packages/server/src/modules/items/item-index/item-index';
import { indexStats } from '../../../packages/server/src/modules/items/item-index/item-index.stats';
import { indexState } from '../../../packages/server/src/modules/items/item-index/item-index.registry';
import { STARTER_CATALOGUE } from './starter';
import { fitmentIndexState, fitmentIndexStats } from './fitment-index';
import { changeLogTuning } from './tables';
import type { Fitment, Make, Model } from '../schemas';

let server: TestServer;
let a: TestOrg;
let b: TestOrg;
let c: Catalog;

const P = '/api/plugins/moto';
const install = (client: ApiClient) => client.request('POST', '/api/plugin_install', { form: { pluginId: 'moto' } });
const makes = async (client: ApiClient) => (await client.get<{ makes: Make[] }>(`${P}/makes`)).body.makes;
const models = async (client: ApiClient, makeId?: number) =>
  (await client.get<{ models: Model[] }>(`${P}/models${makeId ? `?makeId=${makeId}` : ''}`)).body.models;
const message = (body: unknown) => (body as { message: string }).message;

async function newItem(org: TestOrg, cat: Catalog, code: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await org.admin.post<{ id: number }>(
    '/api/items',
    itemBody(cat, { code, name: `Część ${code}`, ...extra }),
  );
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.id;
}

beforeAll(async () => {
  server = await startTestServer();
  a = await createOrg(server);
  b = await createOrg(server);
  c = await createCatalog(a.admin);
});
afterAll(() => server.close());

describe('install and the catalogue', () => {
  it('answers 404 before the install, and GET /items ignores the filter keys as unknown keys', async () => {
    const res = await a.admin.get(`${P}/makes`);
    expect([res.status, res.body]).toEqual([404, { code: 404, message: 'Plugin nie jest zainstalowany' }]);
    await newItem(a, c, 'PRE-1');
    const all = await a.admin.get<{ count: number }>('/api/items');
    const filtered = await a.admin.get<{ count: number }>('/api/items?motoModelId=1&motoYear=abc');
    expect(filtered.status).toBe(200);
    expect(filtered.body.count).toBe(all.body.count);
  });

  it('installs with the starter catalogue, once (a reinstall keeps what the organisation left)', async () => {
    expect((await install(a.admin)).status).toBe(204);
    const list = await makes(a.admin);
    expect(list.map((m) => m.name).sort()).toEqual(STARTER_CATALOGUE.map(([m]) => m).sort());
    const honda = list.find((m) => m.name === 'Honda')!;
    expect(honda.models).toBe(STARTER_CATALOGUE.find(([m]) => m === 'Honda')![1].length);
    const cbr = (await models(a.admin, honda.id)).find((m) => m.name === 'CBR 600RR');
    expect(cbr).toMatchObject({ capacity: 599, yearFrom: 2003, yearTo: 2016, type: 'Sport', makeName: 'Honda' });
    const added = await a.admin.post<{ id: number }>(`${P}/makes`, { name: 'WSK' });
    expect(added.status).toBe(200);
    expect((await a.admin.request('DELETE', '/api/plugin_install?pluginId=moto')).status).toBe(204);
    expect((await install(a.admin)).status).toBe(204);
    expect((await makes(a.admin)).length).toBe(list.length + 1);
  });

  it('adds, changes and deletes makes and models, with Polish refusals', async () => {
    const mk = await a.admin.post<{ id: number }>(`${P}/makes`, { name: 'MZ' });
    expect(mk.status).toBe(200);
    const dup = await a.admin.post(`${P}/makes`, { name: 'MZ' });
    expect([dup.status, message(dup.body)]).toEqual([409, 'Marka „MZ” już jest w katalogu.']);
    const empty = await a.admin.post(`${P}/makes`, { name: '  ' });
    expect([empty.status, message(empty.body)]).toEqual([400, 'Podaj nazwę marki.']);
    const model = { makeId: mk.body.id, name: 'ETZ 250', capacity: 243, yearFrom: 1981, yearTo: 1989, type: 'Naked' };
    const md = await a.admin.post<{ id: number }>(`${P}/models`, model);
    expect(md.status).toBe(200);
    const badYears = await a.admin.post(`${P}/models`, { ...model, name: 'X', yearTo: 1970 });
    expect([badYears.status, message(badYears.body)]).toEqual([
      400,
      'Rok „do” nie może być wcześniejszy niż rok „od”.',
    ]);
    const badType = await a.admin.post(`${P}/models`, { ...model, name: 'X', type: 'Rower' });
    expect(badType.status).toBe(400);
    expect(message(badType.body)).toMatch(/^Typ musi być jednym z: Sport/);
    const dupModel = await a.admin.post(`${P}/models`, model);
    expect(dupModel.status).toBe(409);
    const put = await a.admin.put(`${P}/models`, { ...model, id: md.body.id, capacity: 250, yearTo: null });
    expect(put.status).toBe(204);
    expect((await models(a.admin, mk.body.id))[0]).toMatchObject({ capacity: 250, yearTo: null });
    const hasModels = await a.admin.delete(`${P}/makes?id=${mk.body.id}`);
    expect([hasModels.status, message(hasModels.body)]).toEqual([409, 'Marka ma modele (1): usuń je najpierw.']);
    const item = await newItem(a, c, 'MZ-1');
    await a.admin.put(`${P}/fitments`, {
      itemId: item,
      fitments: [{ modelId: md.body.id, yearFrom: 1985, yearTo: 1989 }],
    });
    const inUse = await a.admin.delete(`${P}/models?id=${md.body.id}`);
    expect([inUse.status, message(inUse.body)]).toEqual([
      409,
      'Model „ETZ 250” jest przypisany do towarów: usuń najpierw te dopasowania.',
    ]);
    await a.admin.put(`${P}/fitments`, { itemId: item, fitments: [] });
    expect((await a.admin.delete(`${P}/models?id=${md.body.id}`)).status).toBe(204);
    expect((await a.admin.delete(`${P}/makes?id=${mk.body.id}`)).status).toBe(204);
    expect((await a.admin.delete(`${P}/makes?id=${mk.body.id}`)).status).toBe(404);
  });

  it('needs plugin.moto.catalogue to change the catalogue, main.items.edit to change fitments', async () => {
    const user = await createUser(server, a, { login: 'motoreader', permissions: 'main.items.show' });
    expect((await user.client.get(`${P}/makes`)).status).toBe(200);
    expect((await user.client.post(`${P}/makes`, { name: 'Jawa' })).status).toBe(403);
    expect((await user.client.post(`${P}/catalogue_csv`, { csv: 'x' })).status).toBe(403);
    const item = await newItem(a, c, 'PERM-1');
    expect((await user.client.get(`${P}/fitments?itemId=${item}`)).status).toBe(200);
    expect((await user.client.put(`${P}/fitments`, { itemId: item, fitments: [] })).status).toBe(403);
    const editor = await createUser(server, a, { login: 'motoeditor', permissions: 'plugin.moto.catalogue' });
    expect((await editor.client.post(`${P}/makes`, { name: 'Jawa' })).status).toBe(200);
  });
});

describe('fitments', () => {
  let cb: Model;
  let mt: Model;

  beforeAll(async () => {
    const all = await models(a.admin);
    cb = all.find((m) => m.name === 'CB 500F')!;
    mt = all.find((m) => m.name === 'MT-07')!;
  });

  it("keeps an item's whole list (PUT) and answers it with names (GET); refuses unknown models and items", async () => {
    const item = await newItem(a, c, 'FIT-1');
    const put = await a.admin.put<{ fitments: Fitment[] }>(`${P}/fitments`, {
      itemId: item,
      fitments: [
        { modelId: mt.id, yearFrom: 2014, yearTo: 2020 },
        { modelId: cb.id, yearFrom: 2013, yearTo: 2015 },
        { modelId: cb.id, yearFrom: 2013, yearTo: 2015 },
      ],
    });
    expect(put.status).toBe(200);
    const got = await a.admin.get<{ fitments: Fitment[] }>(`${P}/fitments?itemId=${item}`);
    expect(got.body.fitments).toEqual([
      {
        modelId: cb.id,
        makeId: cb.makeId,
        makeName: 'Honda',
        modelName: 'CB 500F',
        capacity: 471,
        yearFrom: 2013,
        yearTo: 2015,
      },
      {
        modelId: mt.id,
        makeId: mt.makeId,
        makeName: 'Yamaha',
        modelName: 'MT-07',
        capacity: 689,
        yearFrom: 2014,
        yearTo: 2020,
      },
    ]);
    const unknown = await a.admin.put(`${P}/fitments`, {
      itemId: item,
      fitments: [{ modelId: 999999, yearFrom: 2000, yearTo: 2001 }],
    });
    expect([unknown.status, message(unknown.body)]).toEqual([400, 'Nie ma modelu motocykla o identyfikatorze 999999.']);
    const years = await a.admin.put(`${P}/fitments`, {
      itemId: item,
      fitments: [{ modelId: cb.id, yearFrom: 2015, yearTo: 2013 }],
    });
    expect(years.status).toBe(400);
    expect((await a.admin.get(`${P}/fitments?itemId=99999999`)).status).toBe(404);
    expect((await a.admin.get(`${P}/fitments?itemId=abc`)).status).toBe(400);
    // The refusals changed nothing.
    expect((await a.admin.get<{ fitments: Fitment[] }>(`${P}/fitments?itemId=${item}`)).body.fitments).toHaveLength(2);
  });

  it("isolates organisations: another organisation's items and models are refused", async () => {
    expect((await install(b.admin)).status).toBe(204);
    const cb2 = await createCatalog(b.admin);
    const itemB = await newItem(b, cb2, 'B-1');
    const itemA = await newItem(a, c, 'ISO-1');
    const modelB = (await models(b.admin)).find((m) => m.name === 'CB 500F')!;
    expect(modelB.id).not.toBe(cb.id);
    // A's item with B's model, B's item from A: refused; B's catalogue is its own.
    const withB = await a.admin.put(`${P}/fitments`, {
      itemId: itemA,
      fitments: [{ modelId: modelB.id, yearFrom: 2014, yearTo: 2015 }],
    });
    expect(withB.status).toBe(400);
    expect((await a.admin.get(`${P}/fitments?itemId=${itemB}`)).status).toBe(404);
    expect((await a.admin.put(`${P}/fitments`, { itemId: itemB, fitments: [] })).status).toBe(404);
    const mass = await a.admin.post(`${P}/mass_fitment`, { ids: [itemA, itemB], fitments: [], mode: 'OVERRIDE' });
    expect(mass.status).toBe(404);
    expect((await a.admin.delete(`${P}/models?id=${modelB.id}`)).status).toBe(404);
    expect((await a.admin.put(`${P}/makes`, { id: modelB.makeId, name: 'Cudza' })).status).toBe(404);
    expect((await makes(b.admin)).find((m) => m.id === modelB.makeId)!.name).toBe('Honda');
    // B's search with A's model finds nothing of A's.
    await a.admin.put(`${P}/fitments`, { itemId: itemA, fitments: [{ modelId: cb.id, yearFrom: 2014, yearTo: 2015 }] });
    const search = await b.admin.get<{ count: number }>(`/api/items?motoModelId=${cb.id}`);
    expect([search.status, search.body.count]).toEqual([200, 0]);
  });

  it('changes a selection in one go: APPEND, OVERRIDE and REMOVE', async () => {
    const ids = [await newItem(a, c, 'MASS-1'), await newItem(a, c, 'MASS-2')];
    const list = async (id: number) =>
      (await a.admin.get<{ fitments: Fitment[] }>(`${P}/fitments?itemId=${id}`)).body.fitments.map(
        (f) => `${f.modelName} ${f.yearFrom}-${f.yearTo}`,
      );
    await a.admin.put(`${P}/fitments`, {
      itemId: ids[0],
      fitments: [{ modelId: cb.id, yearFrom: 2013, yearTo: 2014 }],
    });
    const append = await a.admin.post(`${P}/mass_fitment`, {
      ids,
      mode: 'APPEND',
      fitments: [
        { modelId: cb.id, yearFrom: 2013, yearTo: 2014 },
        { modelId: mt.id, yearFrom: 2018, yearTo: 2020 },
      ],
    });
    expect([append.status, append.body]).toEqual([200, { items: 2, added: 3, removed: 0 }]);
    expect(await list(ids[0]!)).toEqual(['CB 500F 2013-2014', 'MT-07 2018-2020']);
    expect(await list(ids[1]!)).toEqual(['CB 500F 2013-2014', 'MT-07 2018-2020']);
    const remove = await a.admin.post(`${P}/mass_fitment`, {
      ids,
      mode: 'REMOVE',
      fitments: [{ modelId: cb.id, yearFrom: 2000, yearTo: 2000 }],
    });
    expect(remove.body).toEqual({ items: 2, added: 0, removed: 2 });
    expect(await list(ids[1]!)).toEqual(['MT-07 2018-2020']);
    const override = await a.admin.post(`${P}/mass_fitment`, {
      ids,
      mode: 'OVERRIDE',
      fitments: [{ modelId: cb.id, yearFrom: 2016, yearTo: 2016 }],
    });
    expect(override.body).toEqual({ items: 2, added: 2, removed: 2 });
    expect(await list(ids[0]!)).toEqual(['CB 500F 2016-2016']);
    const bad = await a.admin.post(`${P}/mass_fitment`, { ids, mode: 'MERGE', fitments: [] });
    expect([bad.status, message(bad.body)]).toEqual([400, 'Tryb musi być jednym z: APPEND, OVERRIDE, REMOVE.']);
    // A refused change (an unknown model) leaves everything as it was.
    const unknown = await a.admin.post(`${P}/mass_fitment`, {
      ids,
      mode: 'OVERRIDE',
      fitments: [{ modelId: 999999, yearFrom: 2016, yearTo: 2016 }],
    });
    expect(unknown.status).toBe(400);
    expect(await list(ids[1]!)).toEqual(['CB 500F 2016-2016']);
    // Deleting an item takes its fitments along.
    expect((await a.admin.delete(`/api/items?id=${ids[0]}`)).status).toBe(204);
    expect((await a.admin.get(`${P}/fitments?itemId=${ids[0]}`)).status).toBe(404);
  });
});

describe('GET /items with the motorcycle filter', () => {
  // An organisation of its own: only these items have fitments.
  let o: TestOrg;
  let oc: Catalog;
  const spec: {
    id: number;
    code: string;
    price: number;
    status: number;
    fits: { model: Model; from: number; to: number }[];
  }[] = [];

  beforeAll(() => build(server));

  /** The organisation's items and fitments on `srv`, and the same in `spec`. */
  async function build(srv: TestServer) {
    spec.length = 0;
    o = await createOrg(srv);
    oc = await createCatalog(o.admin);
    await install(o.admin);
    const all = await models(o.admin);
    const pool = ['CBR 600RR', 'CB 500F', 'MT-07', 'YZF-R1', 'Z900'].map((n) => all.find((m) => m.name === n)!);
    for (let i = 0; i < 60; i++) {
      const price = (i * 37) % 50;
      const status = i % 3 === 0 ? oc.status2Id : oc.statusId;
      const id = await newItem(o, oc, `SRCH-${String(i).padStart(2, '0')}`, { price, itemStatusId: status });
      const fits = [pool[i % 5]!, ...(i % 4 === 0 ? [pool[(i + 2) % 5]!] : [])].map((model, k) => ({
        model,
        from: 2005 + ((i + k) % 10),
        to: 2010 + ((i + k) % 10),
      }));
      if (i % 7 !== 6)
        await o.admin.put(`${P}/fitments`, {
          itemId: id,
          fitments: fits.map((f) => ({ modelId: f.model.id, yearFrom: f.from, yearTo: f.to })),
        });
      spec.push({ id, code: `SRCH-${String(i).padStart(2, '0')}`, price, status, fits: i % 7 !== 6 ? fits : [] });
    }
  }

  /** The id of the search tests' organisation on `srv`. */
  const orgIdOf = async (srv: TestServer) =>
    Number(
      (
        await srv.database.db
          .selectFrom('organizations')
          .select('id')
          .where('prefix', '=', o.prefix)
          .executeTakeFirstOrThrow()
      ).id,
    );

  const cases = () => {
    const honda = spec[0]!.fits[0]!.model.makeId;
    const r1 = spec.flatMap((s) => s.fits).find((f) => f.model.name === 'MT-07')!.model.id;
    return [
      { q: { motoMakeId: honda }, match: (f: Fit) => f.model.makeId === honda },
      { q: { motoModelId: r1 }, match: (f: Fit) => f.model.id === r1 },
      {
        q: { motoModelId: r1, motoYear: 2012 },
        match: (f: Fit) => f.model.id === r1 && f.from <= 2012 && f.to >= 2012,
      },
      {
        q: { motoMakeId: honda, motoYear: 2016 },
        match: (f: Fit) => f.model.makeId === honda && f.from <= 2016 && f.to >= 2016,
      },
    ];
  };
  type Fit = { model: Model; from: number; to: number };

  async function check(label: string) {
    for (const { q, match } of cases()) {
      for (const core of [
        { sort: 'CODE' },
        { sort: 'PRICE_D', priceFrom: '10', statusId: String(oc.statusId) },
        { sort: 'PRICE_A', code: 'SRCH', perPage: '25', page: '2' },
        { sort: 'NAME', perPage: '25', page: '2' },
      ] as Record<string, string>[]) {
        const expected = spec
          .filter((s) => s.fits.some(match))
          .filter((s) => core.priceFrom === undefined || s.price >= Number(core.priceFrom))
          .filter((s) => core.statusId === undefined || s.status === Number(core.statusId))
          .sort((x, y) =>
            core.sort === 'CODE' || core.sort === 'NAME'
              ? x.code.localeCompare(y.code)
              : core.sort === 'PRICE_D'
                ? y.price - x.price || y.id - x.id
                : x.price - y.price || x.id - y.id,
          );
        const perPage = Number(core.perPage ?? 100);
        const page = Number(core.page ?? 1);
        const params = new URLSearchParams({
          ...core,
          ...Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])),
        });
        const res = await o.admin.get<{ items: ItemRow[]; count: number }>(`/api/items?${params}`);
        expect(res.status, `${label} ${params}`).toBe(200);
        expect(res.body.count, `${label} ${params}`).toBe(expected.length);
        expect(
          res.body.items.map((r) => r.id),
          `${label} ${params}`,
        ).toEqual(expected.slice((page - 1) * perPage, page * perPage).map((s) => s.id));
      }
    }
  }

  it('matches a brute-force filter of the same rows in SQL', async () => {
    expect(cases()[0]!.q.motoMakeId).toBeGreaterThan(0);
    await check('sql');
  });

  it('matches it in the item filter index too (few matches sorted, or the order walked)', async () => {
    // A server whose every organisation has an index (the default needs 20,000 items).
    const indexed = await startTestServer({ itemIndexMinItems: 0 });
    const sortFew = indexTuning.sortFew;
    try {
      await build(indexed);
      const orgId = await orgIdOf(indexed);
      for (let k = 0; k < 200 && indexState(indexed.deps.db, orgId) !== 'ready'; k++) {
        await o.admin.get('/api/items?perPage=25');
        await new Promise((r) => setTimeout(r, 25));
      }
      const answered = indexStats.answered;
      await check('index');
      expect(indexStats.answered - answered).toBe(cases().length * 3);
      indexTuning.sortFew = 0;
      await check('index-walk');
      // The ids the index keeps for a filter value are read again once a fitment changes.
      const mt = spec.flatMap((x) => x.fits).find((f) => f.model.name === 'MT-07')!.model;
      const count = async () =>
        (await o.admin.get<{ count: number }>(`/api/items?motoModelId=${mt.id}&motoYear=2015`)).body.count;
      const before = await count();
      expect(await count()).toBe(before);
      const bare = spec.find((x) => x.fits.length === 0)!;
      await o.admin.put(`${P}/fitments`, {
        itemId: bare.id,
        fitments: [{ modelId: mt.id, yearFrom: 2015, yearTo: 2015 }],
      });
      expect(await count()).toBe(before + 1);
      await o.admin.post(`${P}/mass_fitment`, {
        ids: [bare.id],
        mode: 'REMOVE',
        fitments: [{ modelId: mt.id, yearFrom: 2015, yearTo: 2015 }],
      });
      expect(await count()).toBe(before);
    } finally {
      indexTuning.sortFew = sortFew;
      await indexed.close();
    }
  }, 120_000);

  it("answers from the plugin's memory once loaded, exact after every kind of write", async () => {
    const indexed = await startTestServer({ itemIndexMinItems: 0 });
    const tuning = { ...changeLogTuning };
    try {
      await build(indexed);
      const orgId = await orgIdOf(indexed);
      const mt = spec.flatMap((x) => x.fits).find((f) => f.model.name === 'MT-07')!.model;
      /** Searches until the core's index and then the fitment index answer (both load in the background). */
      const untilLoaded = async () => {
        for (let k = 0; k < 400 && fitmentIndexState(indexed.deps.db, orgId) !== 'ready'; k++) {
          await o.admin.get(`/api/items?perPage=25&motoModelId=${mt.id}`);
          await new Promise((r) => setTimeout(r, 25));
        }
        expect(indexState(indexed.deps.db, orgId)).toBe('ready');
        expect(fitmentIndexState(indexed.deps.db, orgId)).toBe('ready');
      };
      await untilLoaded();
      const answered = fitmentIndexStats.answered;
      await check('memory');
      // Every case but the text filter's (the SQL path) came from memory.
      expect(fitmentIndexStats.answered - answered).toBe(cases().length * 3);

      const count = async (q: string) => (await o.admin.get<{ count: number }>(`/api/items?${q}`)).body.count;
      const byModel = `motoModelId=${mt.id}&motoYear=2015`;
      const before = await count(byModel);
      const bare = spec.filter((x) => x.fits.length === 0);
      // One item's list (PUT), a selection (mass APPEND, then REMOVE): read again from the log.
      await o.admin.put(`${P}/fitments`, {
        itemId: bare[0]!.id,
        fitments: [{ modelId: mt.id, yearFrom: 2015, yearTo: 2015 }],
      });
      expect(await count(byModel)).toBe(before + 1);
      const appended = await o.admin.post(`${P}/mass_fitment`, {
        ids: bare.slice(1).map((x) => x.id),
        mode: 'APPEND',
        fitments: [{ modelId: mt.id, yearFrom: 2014, yearTo: 2016 }],
      });
      expect(appended.status).toBe(200);
      expect(await count(byModel)).toBe(before + bare.length);
      await o.admin.post(`${P}/mass_fitment`, {
        ids: bare.map((x) => x.id),
        mode: 'REMOVE',
        fitments: [{ modelId: mt.id, yearFrom: 2015, yearTo: 2015 }],
      });
      expect(await count(byModel)).toBe(before);
      await check('memory after writes');

      // A model moved to another make: the make filters follow without reading the fitments again.
      const loads = fitmentIndexStats.loads;
      const yamaha = mt.makeId;
      const other = (await makes(o.admin)).find((m) => m.id !== yamaha)!;
      const byYamaha = await count(`motoMakeId=${yamaha}`);
      const byOther = await count(`motoMakeId=${other.id}`);
      const mtItems = await count(`motoModelId=${mt.id}`);
      const moved = await o.admin.put(`${P}/models`, { ...mt, makeId: other.id });
      expect(moved.status).toBe(204);
      expect(await count(`motoMakeId=${yamaha}`)).toBeLessThan(byYamaha);
      expect(await count(`motoMakeId=${other.id}`)).toBeGreaterThan(byOther);
      expect(await count(`motoModelId=${mt.id}&motoMakeId=${other.id}`)).toBe(mtItems);
      expect(await count(`motoModelId=${mt.id}&motoMakeId=${yamaha}`)).toBe(0);
      await o.admin.put(`${P}/models`, { ...mt, makeId: yamaha });
      expect(fitmentIndexStats.loads).toBe(loads);
      await check('memory after the make moved back');

      // A change too large for the log: the next search answers by SQL, the index loads again.
      changeLogTuning.loggedItemsMax = 1;
      await o.admin.post(`${P}/mass_fitment`, {
        ids: bare.map((x) => x.id),
        mode: 'APPEND',
        fitments: [{ modelId: mt.id, yearFrom: 2015, yearTo: 2015 }],
      });
      const sqlAnswered = fitmentIndexStats.answered;
      expect(await count(byModel)).toBe(before + bare.length);
      expect(fitmentIndexStats.answered).toBe(sqlAnswered);
      await untilLoaded();
      expect(fitmentIndexStats.loads).toBe(loads + 1);
      // untilLoaded's last search may itself be answered from memory (the load can finish just
      // before it asks): count from here.
      const reloaded = fitmentIndexStats.answered;
      expect(reloaded - sqlAnswered).toBeLessThanOrEqual(1);
      expect(await count(byModel)).toBe(before + bare.length);
      expect(fitmentIndexStats.answered).toBe(reloaded + 1);
      // The log cut below a process's version (more versions than it keeps): a reload as well.
      changeLogTuning.loggedItemsMax = tuning.loggedItemsMax;
      changeLogTuning.keptVersions = 0;
      await o.admin.post(`${P}/mass_fitment`, {
        ids: bare.map((x) => x.id),
        mode: 'REMOVE',
        fitments: [{ modelId: mt.id, yearFrom: 2015, yearTo: 2015 }],
      });
      expect(await count(byModel)).toBe(before);
      await untilLoaded();
      expect(fitmentIndexStats.loads).toBe(loads + 2);
      changeLogTuning.keptVersions = tuning.keptVersions;
      await check('memory after reloads');
    } finally {
      Object.assign(changeLogTuning, tuning);
      await indexed.close();
    }
  }, 180_000);

  it('refuses bad values in Polish, and a year without a make or model', async () => {
    const bad = await a.admin.get('/api/items?motoModelId=abc');
    expect([bad.status, message(bad.body)]).toEqual([400, 'Niepoprawny identyfikator modelu.']);
    const year = await a.admin.get('/api/items?motoYear=2010');
    expect([year.status, message(year.body)]).toEqual([400, 'Rok motocykla wybierz razem z marką lub modelem.']);
    const empty = await a.admin.get<{ count: number }>('/api/items?motoMakeId=&motoModelId=');
    expect(empty.status).toBe(200);
  });
});

describe('catalogue CSV', () => {
  it('exports the catalogue and reads it back (round trip), refusing bad rows whole', async () => {
    const res = await a.admin.get<string>(`${P}/catalogue_csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = res.body;
    const lines = text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe('Marka;Model;Pojemność;Rok od;Rok do;Typ');
    expect(lines).toContain('Honda;CBR 600RR;599;2003;2016;Sport');
    const before = await models(a.admin);
    expect(lines.length - 1).toBe(before.length);
    // The same file into another organisation gives the same catalogue; again it updates only.
    const c2 = await createOrg(server);
    await install(c2.admin);
    for (const m of await makes(c2.admin)) {
      for (const md of await models(c2.admin, m.id)) await c2.admin.delete(`${P}/models?id=${md.id}`);
      await c2.admin.delete(`${P}/makes?id=${m.id}`);
    }
    const imported = await c2.admin.post(`${P}/catalogue_csv`, { csv: text });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ added: before.length, updated: 0 });
    const strip = (list: Model[]) => list.map(({ id: _i, makeId: _m, ...rest }) => rest);
    expect(strip(await models(c2.admin))).toEqual(strip(before));
    const again = await c2.admin.post(`${P}/catalogue_csv`, { csv: text });
    expect(again.body).toEqual({ makes: 0, added: 0, updated: before.length });
    const bad = await c2.admin.post(`${P}/catalogue_csv`, {
      csv: 'Marka;Model;Pojemność;Rok od;Rok do;Typ\r\nNowa;A 1;125;2010;;Sport\r\nNowa;A 2;125;2010;2005;Sport\r\n',
    });
    expect([bad.status, message(bad.body)]).toEqual([
      400,
      'Wiersz 3: Rok „do” nie może być wcześniejszy niż rok „od”.',
    ]);
    expect((await makes(c2.admin)).some((m) => m.name === 'Nowa')).toBe(false);
    const header = await c2.admin.post(`${P}/catalogue_csv`, { csv: 'a;b\r\n1;2' });
    expect(header.status).toBe(400);
  });
});
