// The plugin platform's own calls over HTTP against the real `npm start` entry (issue 18 §5:
// p95 <= 20 ms): install and uninstall (POST/DELETE /api/plugin_install), the plugin list
// (GET /api/plugin_info) and the menu (GET /api/plugin_menu), one signed-in administrator,
// sequential, after a warm-up: each plugin installed and uninstalled in turn, then the list and
// the menu with all of them installed.
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
  console.log(`${engine}, ${plugins.length} plugins known; installed and uninstalled in turn: ${free.join(', ')}`);
  // Install and uninstall each plugin in turn (uninstall keeps the data, so a reinstall finds it).
  for (const id of free) {
    const install = [];
    const uninstall = [];
    for (let k = 0; k < runs + 20; k++) {
      const a = await timed('POST', '/api/plugin_install', { pluginId: id });
      const b = await timed('DELETE', '/api/plugin_install', { pluginId: id });
      if (k < 20) continue; // warm-up
      install.push(a);
      uninstall.push(b);
    }
    console.log('  ' + summary(`${id}: POST /api/plugin_install`, install));
    console.log('  ' + summary(`${id}: DELETE /api/plugin_install`, uninstall));
  }
  // The list and the menu with every one of them installed.
  for (const id of free) await call('POST', '/api/plugin_install', { pluginId: id });
  const list = [];
  const menu = [];
  for (let k = 0; k < runs + 20; k++) {
    const l = await timed('GET', '/api/plugin_info');
    const m = await timed('GET', '/api/plugin_menu');
    if (k < 20) continue;
    list.push(l);
    menu.push(m);
  }
  console.log('  ' + summary(`GET /api/plugin_info (${free.length} installed)`, list));
  console.log('  ' + summary(`GET /api/plugin_menu (${free.length} installed)`, menu));
} finally {
  await stop();
  await dropDb();
}
