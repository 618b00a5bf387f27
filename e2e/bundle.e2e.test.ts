import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { setupE2e } from './support/e2e';
import { LoginPage } from './support/pages/login-page';
import { ROOT, WEB_DIST } from './support/paths';

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
    for (const screen of ['Shell', 'HomePage', 'UsersPage', 'UserEditPage', 'ProfilePage', 'RegisterPage']) {
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
    const dir = path.join(ROOT, 'plugins');
    const ids = fs.existsSync(dir)
      ? fs.readdirSync(dir).filter((id) => fs.existsSync(path.join(dir, id, 'web', 'index.tsx')))
      : [];
    const assets = fs.readdirSync(path.join(WEB_DIST, 'assets'));
    for (const id of ids)
      expect(
        assets.some((a) => a.startsWith(`plugin.${id}.`)),
        id,
      ).toBe(true);
  });
});
