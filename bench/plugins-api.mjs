// The plugin platform's own calls over HTTP against the real `npm start` entry (issue 18 §5:
// p95 <= 20 ms): install and uninstall (POST/DELETE /api/plugin_install), the plugin list
// (GET /api/plugin_info) and the menu (GET /api/plugin_menu), one signed-in administrator,
// sequential, after a warm-up. The list and the menu are measured with two plugins installed.
// Usage: node bench/plugins-api.mjs [runs=300]
// Uses a fresh SQLite DATA_DIR, or PostgreSQL when BENCH_DATABASE_URL is set (a fresh database is
// created next to it and dropped afterwards). The server runs with the test-only fixture plugins
// (ZAPLECZE_TEST_PLUGINS=1) besides the real ones, so the list is as long as it can be.
import { benchDatabase } from './bench-db.mjs';
import { apiCaller, createBenchOrg, signIn, startBenchServer } from './bench-server.mjs';

const runs = Number(process.argv[2] ?? 300);
const { env, dropDb } = await benchDatabase({ fresh: 'plugins' });
const login = createBenchOrg(env, { prefix: 'bench', password: 'Bench-Haslo-1' });
const { base, stop } = await startBenchServer({ ...env, ZAPLECZE_TEST_PLUGINS: '1' });

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
function summary(name, times) {
  const s = [...times].sort((a, b) => a - b);
  const f = (v) => v.toFixed(1);
  return `${name}: p50 ${f(pct(s, 50))} ms, p95 ${f(pct(s, 95))} ms, max ${f(s.at(-1))} ms (${s.length} calls)`;
}

try {
  const { headers } = await signIn(base, login, 'Bench-Haslo-1');
  const call = apiCaller(base, headers);
  const timed = async (method, url, body) => {
    const t0 = performance.now();
    await call(method, url, body);
    return performance.now() - t0;
  };
  const engine = env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  const { plugins } = await call('GET', '/api/plugin_info');
  // Plugins with no dependencies that load (the fixtures that throw are marked broken).
  const free = plugins.filter((p) => p.dependsOn.length === 0 && !/throws/.test(p.id)).map((p) => p.id);
  const [cycled, ...rest] = free;
  for (const id of rest.slice(0, 1)) await call('POST', '/api/plugin_install', { pluginId: id });

  const install = [];
  const uninstall = [];
  const list = [];
  const menu = [];
  for (let k = 0; k < runs + 20; k++) {
    const a = await timed('POST', '/api/plugin_install', { pluginId: cycled });
    const l = await timed('GET', '/api/plugin_info');
    const m = await timed('GET', '/api/plugin_menu');
    const b = await timed('DELETE', '/api/plugin_install', { pluginId: cycled });
    if (k < 20) continue; // warm-up
    install.push(a);
    list.push(l);
    menu.push(m);
    uninstall.push(b);
  }
  console.log(`${engine}, ${plugins.length} plugins known (${free.join(', ')} loadable without dependencies):`);
  console.log('  ' + summary('POST /api/plugin_install', install));
  console.log('  ' + summary('DELETE /api/plugin_install', uninstall));
  console.log('  ' + summary('GET /api/plugin_info', list));
  console.log('  ' + summary('GET /api/plugin_menu', menu));
} finally {
  await stop();
  await dropDb();
}
