// What the Allegro benchmarks share (bench/allegro-import.mjs, bench/allegro-stock-push.mjs): a
// fresh database (SQLite, or PostgreSQL with BENCH_DATABASE_URL), an organisation, the fake Allegro
// without its per-minute limit (the benchmarks measure us), `npm start` with its job worker, the
// plugin installed with `values` as its settings, and `connect()` for the device flow.
import { benchDatabase } from './bench-db.mjs';
import { createBenchOrg, signIn, startBenchServer } from './bench-server.mjs';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, startFakeAllegro } from '../plugins/allegro/test/fake-allegro.ts';

export const A = '/api/plugins/allegro';
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function startAllegroBench({ fresh, prefix, values }) {
  const PASSWORD = 'Bench1234!';
  const { env, dropDb } = await benchDatabase({ fresh });
  const engine = env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  const login = createBenchOrg(env, { prefix, password: PASSWORD });
  const fake = await startFakeAllegro();
  fake.deviceInterval = 1;
  fake.limitPerMinute = Number.POSITIVE_INFINITY;
  const srv = await startBenchServer(env);
  const stop = async () => {
    await srv.stop();
    await fake.close();
    await dropDb();
  };
  try {
    const { headers } = await signIn(srv.base, login, PASSWORD);
    const call = async (method, path, body, form) => {
      const res = await fetch(`${srv.base}${path}`, {
        method,
        headers: form ? { ...headers, 'content-type': 'application/x-www-form-urlencoded' } : headers,
        body: form ? new URLSearchParams(form).toString() : body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return text ? JSON.parse(text) : undefined;
    };
    await call('POST', '/api/plugin_install', undefined, { pluginId: 'allegro' });
    await call('PUT', `${A}/settings`, {
      values: { apiUrl: fake.url, authUrl: fake.url, clientId: FAKE_CLIENT_ID, ...values },
      secrets: { clientSecret: FAKE_CLIENT_SECRET },
    });
    const statusId = (await call('GET', '/api/item_statuses')).itemStatuses?.[0]?.id;
    const connect = async () => {
      const started = await call('POST', `${A}/connect`, {});
      fake.approve(started.userCode);
      for (let i = 0; (await call('GET', `${A}/connect`)).state !== 'connected'; i++) {
        if (i > 300) throw new Error('not connected');
        await sleep(200);
      }
    };
    return { engine, fake, call, statusId, connect, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
