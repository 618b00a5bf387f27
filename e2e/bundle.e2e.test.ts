import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { setupE2e } from './support/e2e';
import { LoginPage } from './support/pages/login-page';
import { runBuild } from './support/build-web';
import { E2E_WEB_DIST, RESULTS_DIR, ROOT } from './support/paths';

/** The budget for the first load (the login page). bench/bundle-size.mjs prints the figure. */
const BUDGET_GZIP_BYTES = 200_000;

describe('code splitting', () => {
  const e2e = setupE2e();

  it('the login page loads under 200 kB of gzipped JavaScript and none of the signed-in screens', async () => {
    const page = await e2e.newPage();
    const scripts: Promise<{ path: string; gzip: number; text: string }>[] = [];
    page.on('response', (res) => {
      const path = new URL(res.url()).pathname;
      if (res.ok() && (res.request().resourceType() === 'script' || path.endsWith('.js'))) {
        scripts.push(res.body().then((body) => ({ path, gzip: gzipSync(body).length, text: body.toString('utf8') })));
      }
    });
    await page.goto(e2e.url('/login'), { waitUntil: 'networkidle' });
    await new LoginPage(page, e2e.url).loginField.waitFor();
    const files = await Promise.all(scripts);
    const total = files.reduce((sum, f) => sum + f.gzip, 0);
    expect(files.some((f) => /\/LoginPage-[\w-]+\.js$/.test(f.path))).toBe(true);
    for (const screen of [
      'Shell',
      'HomePage',
      'UsersPage',
      'UserEditPage',
      'ProfilePage',
      'RegisterPage',
      'ApiReferencePage',
    ]) {
      expect(files.map((f) => f.path).filter((p) => p.includes(`/${screen}-`))).toEqual([]);
    }
    expect(total, files.map((f) => `${f.path} ${f.gzip}`).join('\n')).toBeLessThan(BUDGET_GZIP_BYTES);
    // No plugin code: no plugin chunk (vite.config.ts names them plugin.<id>.*), none of the plugin
    // platform (host, menu, pages: its texts), and no plugin screen.
    expect(files.map((f) => f.path).filter((p) => /\/plugin\.[a-z0-9-]+\./.test(p))).toEqual([]);
    for (const screen of ['PluginHostPage', 'PluginsManagementPage', 'JobsScreen', 'SettingsScreen', 'plugin-sdk']) {
      expect(files.map((f) => f.path).filter((p) => p.includes(`/${screen}-`))).toEqual([]);
    }
    expect(files.filter((f) => f.text.includes('Błąd ładowania pluginów')).map((f) => f.path)).toEqual([]);
  });

  it('every plugin’s web entry is a chunk of its own, named for the check above', () => {
    // The browser tests' build has the fixture plugins' web parts too (VITE_TEST_PLUGINS=1).
    const ids = ['plugins', 'plugins-fixtures'].flatMap((folder) => {
      const dir = path.join(ROOT, folder);
      return fs.existsSync(dir)
        ? fs.readdirSync(dir).filter((id) => fs.existsSync(path.join(dir, id, 'web', 'index.tsx')))
        : [];
    });
    expect(ids).toContain('fixture-base');
    const assets = fs.readdirSync(path.join(E2E_WEB_DIST, 'assets'));
    for (const id of ids)
      expect(
        assets.some((a) => a.startsWith(`plugin.${id}.`)),
        id,
      ).toBe(true);
  });
});

describe('the production build', () => {
  it('holds no code of the test-only fixture plugins (plugins-fixtures/)', async () => {
    // Exactly what `npm run build` makes (no VITE_TEST_PLUGINS), into a scratch directory.
    const out = path.join(RESULTS_DIR, `.production-web-${process.pid}`);
    try {
      await runBuild(out, false);
      const files = fs.readdirSync(path.join(out, 'assets'));
      expect(files.filter((f) => f.startsWith('plugin.fixture-'))).toEqual([]);
      // Texts found only in the fixtures' web parts and manifests.
      const marks = ['plugins-fixtures', 'fixture-base', 'Widżet notatek', 'Ekran z błędem'];
      const found = files
        .filter((f) => f.endsWith('.js'))
        .flatMap((f) => {
          const text = fs.readFileSync(path.join(out, 'assets', f), 'utf8');
          return marks.filter((m) => text.includes(m)).map((m) => `${f}: ${m}`);
        });
      expect(found).toEqual([]);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
