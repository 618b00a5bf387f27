import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

/** The web app is served from WEB_DIST with history fallback; files and API paths never get HTML. */
describe('serving the web app', () => {
  let server: TestServer;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'zaplecze-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Zaplecze</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1);');
    server = await startTestServer({ webDist: dist });
  });

  afterAll(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends the security headers on pages, assets, API answers and errors alike', async () => {
    const csp =
      "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'self';" +
      "img-src 'self' data: blob:;object-src 'self' blob:;script-src 'self';script-src-attr 'none';" +
      "style-src 'self' 'unsafe-inline';connect-src 'self';frame-src 'self' blob:";
    for (const p of ['/login', '/assets/app-abc123.js', '/api/', '/api/users', '/api/no-such-route']) {
      const res = await fetch(server.url + p);
      expect(res.headers.get('content-security-policy'), p).toBe(csp);
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), p).toBe('SAMEORIGIN');
      expect(res.headers.get('strict-transport-security'), p).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers.get('referrer-policy'), p).toBe('no-referrer');
      expect(res.headers.get('cross-origin-opener-policy'), p).toBe('same-origin');
      expect(res.headers.get('cross-origin-embedder-policy'), p).toBeNull();
      expect(res.headers.get('x-powered-by'), p).toBeNull();
    }
  });

  it('answers index.html for any screen path', async () => {
    for (const p of ['/', '/login', '/users/12', '/settings/vat?x=1']) {
      const res = await fetch(server.url + p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('serves built assets with a long cache and 404s missing ones', async () => {
    const ok = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toContain('immutable');
    const missing = await fetch(`${server.url}/assets/app-old999.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).not.toContain('text/html');
    expect((await fetch(`${server.url}/favicon-missing.png`)).status).toBe(404);
  });

  it('answers unknown API paths and non-GET screen paths with a JSON 404', async () => {
    const api = await fetch(`${server.url}/api/nie-ma-takiego`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 404, message: 'Nie ma takiego adresu API.' });
  });

  it('serves assets of a rebuild without a restart', async () => {
    fs.writeFileSync(path.join(dist, 'assets', 'app-new456.js'), 'console.log(2);');
    const res = await fetch(`${server.url}/assets/app-new456.js`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('console.log(2);');
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('picks up a rebuilt index.html without a restart', async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Nowa wersja</title>');
    expect(await (await fetch(`${server.url}/orders`)).text()).toContain('Nowa wersja');
  });

  it('says the app is not built when index.html is missing', async () => {
    fs.rmSync(path.join(dist, 'index.html'));
    const res = await fetch(`${server.url}/home`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
  });
});
