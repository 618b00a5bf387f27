import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsAnswerSchema } from '@zaplecze/contract';
import { startTestServer, testEngine, type TestServer } from '../../../test/harness';
import { createOrg, createUser, type TestOrg } from '../../../test/factories';
import { TenantDb } from '../../db/tenant';
import { enqueueJob } from '../../platform/jobs';

let server: TestServer;
let orgA: TestOrg;
let orgB: TestOrg;

beforeAll(async () => {
  server = await startTestServer();
  orgA = await createOrg(server);
  orgB = await createOrg(server);
});
afterAll(() => server.close());

const orgIdOf = (o: TestOrg) => o.token.user.organization.id;
const tdbOf = (o: TestOrg) => new TenantDb(server.deps.db, orgIdOf(o));

/** A job of plugin `pluginId` (kind '<pluginId>.<name>') in the given state. */
async function job(o: TestOrg, pluginId: string | null, state: 'pending' | 'done' | 'dead' = 'pending', extra = {}) {
  const kind = `${pluginId ?? 'core'}.test-kind`;
  const id = await enqueueJob(tdbOf(o), { kind, pluginId, payload: { n: 1 } });
  if (id === null) throw new Error('not enqueued');
  if (state !== 'pending' || Object.keys(extra).length > 0) {
    const finished = state === 'pending' ? null : new Date().toISOString();
    await server.deps.db
      .updateTable('jobs')
      .set({ state, finished_at: finished, ...extra })
      .where('id', '=', id)
      .execute();
  }
  return id;
}

const list = async (query: string, client = orgA.admin) => client.get(`/api/jobs?${query}`);

describe(`plugin jobs list on ${testEngine()}`, () => {
  it('pages one plugin’s jobs of the organisation, newest first, with the count and a state filter', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await job(orgA, 'list-a'));
    const dead = await job(orgA, 'list-a', 'dead', {
      attempts: 5,
      last_error: 'Usługa nie odpowiada',
      progress_done: 3,
      progress_total: 10,
    });
    await job(orgA, 'list-b');
    await job(orgA, null);
    await job(orgB, 'list-a');

    const res = await list('pluginId=list-a&perPage=25');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = jobsAnswerSchema.parse(res.body);
    expect(answer.count).toBe(4);
    expect(answer.perPage).toBe(25);
    expect(answer.jobs.map((j) => j.id)).toEqual([dead, ...ids.reverse()]);
    const d = answer.jobs[0];
    expect(d).toMatchObject({
      state: 'dead',
      pluginId: 'list-a',
      kind: 'list-a.test-kind',
      attempts: 5,
      lastError: 'Usługa nie odpowiada',
      progressDone: 3,
      progressTotal: 10,
    });
    expect(d?.finishedAt).not.toBeNull();
    expect(Number.isNaN(Date.parse(d?.createdAt ?? ''))).toBe(false);
    // The payload is the plugin's business: the list does not carry it.
    expect(Object.keys(res.body as object)).toEqual(expect.arrayContaining(['jobs', 'count', 'perPage']));
    expect((res.body as { jobs: object[] }).jobs[0]).not.toHaveProperty('payload');

    const deadOnly = jobsAnswerSchema.parse((await list('pluginId=list-a&state=dead')).body);
    expect(deadOnly.jobs.map((j) => j.id)).toEqual([dead]);
    expect(deadOnly.count).toBe(1);

    const page2 = jobsAnswerSchema.parse((await list('pluginId=list-a&perPage=25&page=2')).body);
    expect(page2.jobs).toEqual([]);
    expect(page2.count).toBe(4);
  });

  it('another organisation sees none of these jobs and cannot retry them', async () => {
    const dead = await job(orgA, 'iso', 'dead');
    const other = jobsAnswerSchema.parse((await list('pluginId=iso', orgB.admin)).body);
    expect(other.count).toBe(0);
    expect(other.jobs).toEqual([]);
    const res = await orgB.admin.post('/api/jobs/retry', { id: dead });
    expect(res.status).toBe(404);
    expect((res.body as { message: string }).message).toBe('Nie znaleziono zadania.');
    const row = await server.deps.db.selectFrom('jobs').select('state').where('id', '=', dead).executeTakeFirst();
    expect(row?.state).toBe('dead');
  });

  it('needs main.plugins.manage', async () => {
    const clerk = await createUser(server, orgA, { login: 'magazynier', permissions: 'main.items.show' });
    expect((await list('pluginId=list-a', clerk.client)).status).toBe(403);
    const dead = await job(orgA, 'perm', 'dead');
    expect((await clerk.client.post('/api/jobs/retry', { id: dead })).status).toBe(403);
    const manager = await createUser(server, orgA, { login: 'pluginy', permissions: 'main.plugins.manage' });
    expect((await list('pluginId=list-a', manager.client)).status).toBe(200);
  });

  it('refuses bad input with Polish 4xx messages', async () => {
    const cases: [string, number, RegExp][] = [
      ['', 400, /identyfikator pluginu/],
      ['pluginId=Zły_Plugin', 400, /Nieprawidłowy identyfikator pluginu/],
      ['pluginId=list-a&state=zombie', 400, /Nieznany stan zadania/],
      ['pluginId=list-a&perPage=7', 400, /Liczba wierszy na stronie/],
      ['pluginId=list-a&page=99999999999', 400, /Numer strony/],
    ];
    for (const [q, status, message] of cases) {
      const res = await list(q);
      expect(res.status, q).toBe(status);
      expect((res.body as { message: string }).message, q).toMatch(message);
    }
    for (const body of [{}, { id: 'abc' }, { id: -1 }, { id: 1.5 }]) {
      const res = await orgA.admin.post('/api/jobs/retry', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as { message: string }).message).toMatch(/[a-ząćęłńóśźż]/i);
    }
  });

  it('retries only a dead job, from its first attempt', async () => {
    const dead = await job(orgA, 'retry', 'dead', { attempts: 5, last_error: 'Błąd' });
    const res = await orgA.admin.post('/api/jobs/retry', { id: dead });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await server.deps.db
      .selectFrom('jobs')
      .select(['state', 'attempts', 'finished_at'])
      .where('id', '=', dead)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('pending');
    expect(Number(row.attempts)).toBe(0);
    expect(row.finished_at).toBeNull();

    // Now pending, and a done job: neither is dead.
    for (const id of [dead, await job(orgA, 'retry', 'done')]) {
      const again = await orgA.admin.post('/api/jobs/retry', { id });
      expect(again.status).toBe(409);
      expect((again.body as { message: string }).message).toMatch(/Ponowić można tylko zadanie/);
    }
    // A core job is not a plugin job: not this list's to retry.
    const core = await job(orgA, null, 'dead');
    expect((await orgA.admin.post('/api/jobs/retry', { id: core })).status).toBe(404);
    expect((await orgA.admin.post('/api/jobs/retry', { id: 2_000_000_000 })).status).toBe(404);
  });
});
