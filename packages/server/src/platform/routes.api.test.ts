/**
 * The route table: every /api route declares its access (public, authenticated or a permission
 * key), and every route that is not public answers 401 to a caller without a token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@zaplecze/contract';
import { ApiClient, startTestServer, type TestServer } from '../../test/harness';
import { createApp } from '../server';
import { pluginHost } from '../modules/plugins';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Routes that may be called without signing in. Adding one here is a reviewed decision. */
const PUBLIC_ROUTES = new Set([
  'GET /api',
  'GET /api/',
  'GET /api/data/languages',
  'GET /api/data/countries',
  'POST /api/login',
  'GET /api/register',
  'POST /api/register',
  'GET /api/captcha',
  // The buyer page (docs/rules/platform-rules.md: public), rate-limited per address, buyer-view fields only.
  'GET /api/order_buyer_info',
  // Probes of a load balancer or an orchestrator (docs/operations.md, Health and readiness): no
  // organisation's data, no request log line, no rate limit.
  'GET /api/health',
  'GET /api/ready',
  // The OpenAPI document: the shapes of the calls and who may make them, no data (docs/decisions.md, Public API).
  'GET /api/openapi.json',
  // Plugins' webhooks (docs/plugins.md, Webhooks): the organisation by a random key in the address,
  // rate-limited per address, each call verified by the plugin's signature check before anything else.
  'POST /api/hooks/woocommerce/orders/:key',
]);

/**
 * Routes an API token may never call (docs/decisions.md, API tokens): the session itself, API
 * tokens, the password and profile, users and their permissions. Changing this list is a reviewed
 * decision; every other signed-in route takes an API token holding its permission.
 */
const SESSION_ONLY_ROUTES = new Set([
  'GET /api/login',
  'PUT /api/login',
  'DELETE /api/login',
  'PUT /api/profile',
  'POST /api/users',
  'PUT /api/users',
  'DELETE /api/users',
  'GET /api/profile/api_tokens',
  'POST /api/profile/api_tokens',
  'DELETE /api/profile/api_tokens',
  'GET /api/api_tokens',
  'DELETE /api/api_tokens',
]);

const apiRoutes = () => server.routes.filter((r) => r.url.startsWith('/api'));
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

describe('route table', () => {
  it('has the API routes of this issue', () => {
    const keys = apiRoutes().map((r) => `${r.method} ${r.url}`);
    for (const k of [
      'GET /api/login',
      'PUT /api/login',
      'DELETE /api/login',
      'GET /api/users',
      'DELETE /api/users',
      'PUT /api/profile',
    ]) {
      expect(keys).toContain(k);
    }
  });

  it('has the probes under /api and the metrics beside the API, outside its access marks', () => {
    const keys = server.routes.map((r) => `${r.method} ${r.url}`);
    expect(keys).toContain('GET /api/health');
    expect(keys).toContain('GET /api/ready');
    // Guarded by its own token (METRICS_TOKEN; platform/metrics.api.test.ts), not by a sign-in.
    expect(server.routes.find((r) => r.url === '/metrics')).toEqual({
      method: 'GET',
      url: '/metrics',
      access: undefined,
      sessionOnly: false,
    });
  });

  it("takes in every plugin's routes, under /api/plugins/<id>/", () => {
    const keys = apiRoutes().map((r) => `${r.method} ${r.url}`);
    const pluginRoutes = pluginHost().plugins.flatMap((p) =>
      (p.server?.routes ?? []).map((r) => `${r.method} /api/plugins/${p.manifest.id}${r.url}`),
    );
    // The fixture plugins (plugins-fixtures/) at least.
    expect(pluginRoutes).toContain('POST /api/plugins/fixture-base/notes');
    for (const k of pluginRoutes) expect(keys).toContain(k);
  });

  it('every /api route declares public, authenticated or a known permission', () => {
    const allowed = new Set<string>(['public', 'authenticated', ...PERMISSIONS, ...pluginHost().permissionKeys()]);
    const bad = apiRoutes().filter((r) => !r.access || !allowed.has(r.access));
    expect(bad).toEqual([]);
  });

  it('only the reviewed routes are public', () => {
    const pub = apiRoutes()
      .filter((r) => r.access === 'public')
      .map((r) => `${r.method} ${r.url}`);
    expect(pub.filter((k) => !PUBLIC_ROUTES.has(k))).toEqual([]);
  });

  it('exactly the reviewed routes refuse API tokens', () => {
    const sessionOnly = apiRoutes()
      .filter((r) => r.sessionOnly)
      .map((r) => `${r.method} ${r.url}`);
    expect(new Set(sessionOnly)).toEqual(SESSION_ONLY_ROUTES);
  });

  it('every non-public route answers 401 without a token', async () => {
    const anon = new ApiClient(server.url);
    const guarded = apiRoutes().filter((r) => r.access !== 'public');
    expect(guarded.length).toBeGreaterThan(5);
    for (const r of guarded) {
      const res = await anon.request(r.method, concrete(r.url), r.method === 'GET' ? {} : { json: {} });
      expect(res.status, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('a route without an access mark cannot even be registered', async () => {
    const { NO_CONTENT, route } = await import('./route');
    const unmarked = route({
      method: 'GET',
      url: '/bez-oznaczenia',
      access: 'public',
      response: NO_CONTENT,
      handler: async () => undefined,
    });
    const broken = { ...unmarked, access: undefined } as unknown as typeof unmarked;
    await expect(createApp(server.deps, { logger: false, extraRoutes: [broken] })).rejects.toThrow(
      /declares no access/,
    );
  });
});
