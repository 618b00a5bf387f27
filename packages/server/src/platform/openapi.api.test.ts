/**
 * The OpenAPI document (docs/api.md) against the route table, and the answer check against
 * answers the document does not describe (docs/decisions.md, Public API). The walk that calls every
 * route once is openapi-walk.api.test.ts.
 */
import { Readable } from 'node:stream';
import { Validator } from '@seriousme/openapi-schema-validator';
import { userSchema } from '@zaplecze/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClient, startTestServer, type TestServer } from '../../test/harness';
import { createOrg, type TestOrg } from '../../test/factories';
import { usersModule } from '../modules/users';
import { openApiPath, type OpenApiDocument } from './openapi';
import { fileAnswer, NO_CONTENT, route, type RouteDef } from './route';

/** The only routes the document leaves out: the /plugins/* fallbacks, which answer nothing but 404. */
const UNDOCUMENTED = ['GET', 'POST', 'PUT', 'DELETE'].map((m) => `${m} /api/plugins/*`);

const profile = usersModule.routes.find((r) => r.method === 'GET' && r.url === '/profile');
if (!profile) throw new Error('GET /profile is gone');

/** Routes that answer what their schema does not say, on purpose. */
const wrongRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/test/answer/extra-field',
    access: 'public',
    response: z.object({ name: z.string() }),
    handler: async () => ({ name: 'Kubek', secret: 'nieopisane' }) as { name: string },
  }),
  route({
    method: 'GET',
    url: '/test/answer/wrong-type',
    access: 'public',
    response: z.object({ count: z.number() }),
    handler: async () => ({ count: 'trzy' }) as unknown as { count: number },
  }),
  route({
    method: 'GET',
    url: '/test/answer/missing-field',
    access: 'public',
    response: z.object({ a: z.string(), b: z.string() }),
    handler: async () => ({ a: 'x' }) as { a: string; b: string },
  }),
  route({
    method: 'GET',
    url: '/test/answer/empty',
    access: 'public',
    response: z.object({ a: z.string() }),
    handler: async () => undefined as unknown as { a: string },
  }),
  route({
    method: 'GET',
    url: '/test/answer/not-empty',
    access: 'public',
    response: NO_CONTENT,
    handler: async () => ({ a: 1 }) as unknown as undefined,
  }),
  route({
    method: 'GET',
    url: '/test/answer/file-type',
    access: 'public',
    response: fileAnswer('application/pdf', 'PDF'),
    handler: async (_ctx, _input, _req, reply) => reply.type('text/plain').send('to nie PDF'),
  }),
  route({
    method: 'GET',
    url: '/test/answer/stream',
    access: 'public',
    response: z.object({ rows: z.array(z.object({ id: z.number() })) }),
    handler: async (_ctx, _input, _req, reply) =>
      reply.type('application/json').send(Readable.from(['{"rows":[{"id":1},', '{"id":2,"ukryte":true}]}'])),
  }),
  route({
    method: 'GET',
    url: '/test/answer/bad-error',
    access: 'public',
    response: z.object({}),
    handler: async (_ctx, _input, _req, reply) => reply.code(418).send({ oops: true }),
  }),
  // A real route with a schema that leaves out one field of the real answer (the user's phone).
  { ...profile, url: '/test/answer/profile-without-tel', response: userSchema.omit({ tel: true }) },
  // The same route as it is: answers as described.
  { ...profile, url: '/test/answer/profile' },
  route({
    method: 'GET',
    url: '/test/answer/good-stream',
    access: 'public',
    response: z.object({ rows: z.array(z.object({ id: z.number() })) }),
    handler: async (_ctx, _input, _req, reply) =>
      reply.type('application/json').send(Readable.from(['{"rows":[{"id":1},', '{"id":2}]}'])),
  }),
];

let server: TestServer;
let org: TestOrg;

beforeAll(async () => {
  server = await startTestServer({}, { extraRoutes: wrongRoutes });
  org = await createOrg(server);
});
afterAll(() => server.close());

const apiRoutes = () => server.routes.filter((r) => r.url.startsWith('/api'));
const docPath = (url: string) => openApiPath(url.slice('/api'.length) || '/');

/** Routes of `table` (`GET /api/items`) that have no operation in `doc`, the reviewed fallbacks aside. */
function missingFromDocument(table: { method: string; url: string }[], doc: OpenApiDocument): string[] {
  return table
    .map((r) => ({ key: `${r.method} ${r.url}`, op: doc.paths[docPath(r.url)]?.[r.method.toLowerCase()] }))
    .filter((r) => !UNDOCUMENTED.includes(r.key) && !r.op)
    .map((r) => r.key);
}

describe('the OpenAPI document', () => {
  it('is served to anybody at /api/openapi.json, the same text every time', async () => {
    const anon = new ApiClient(server.url);
    const a = await anon.get<Record<string, unknown>>('/api/openapi.json');
    const b = await anon.get<Record<string, unknown>>('/api/openapi.json');
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toMatch(/^application\/json/);
    expect(a.body).toEqual(b.body);
    expect(a.body).toEqual(JSON.parse(JSON.stringify(server.openApi())));
    expect(a.body.openapi).toBe('3.1.0');
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(server.openApi())));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has an operation of every route of the table, with its access, and no other', () => {
    const doc = server.openApi();
    expect(missingFromDocument(apiRoutes(), doc)).toEqual([]);
    for (const r of apiRoutes()) {
      const op = doc.paths[docPath(r.url)]?.[r.method.toLowerCase()];
      if (op) expect(op['x-access'], `${r.method} ${r.url}`).toBe(r.access);
    }
    const table = new Set(apiRoutes().map((r) => `${r.method.toLowerCase()} ${docPath(r.url)}`));
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    expect(operations.filter((o) => !table.has(o))).toEqual([]);
    expect(operations.length).toBe(apiRoutes().length - UNDOCUMENTED.length);
  });

  it('the comparison names a route the document lacks', () => {
    const table = [...apiRoutes(), { method: 'GET', url: '/api/nie-ma-w-dokumencie' }, { method: 'PUT', url: '/api/' }];
    expect(missingFromDocument(table, server.openApi())).toEqual(['GET /api/nie-ma-w-dokumencie', 'PUT /api/']);
  });

  it('names every operation in Polish, in a group of its module or plugin, with who may call it', () => {
    const doc = server.openApi();
    const tags = new Map(doc.tags.map((t) => [t.name, t.description]));
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (path.startsWith('/test/')) continue;
        const key = `${method.toUpperCase()} ${path}`;
        expect(op.summary, key).not.toMatch(/^(GET|POST|PUT|DELETE) /);
        expect(op.tags, key).toHaveLength(1);
        expect(tags.get(op.tags[0] ?? ''), key).toBeTruthy();
        expect(op.description, key).toMatch(/Dostęp: /);
        expect(op.security.length === 0, key).toBe(op['x-access'] === 'public');
        expect(op.responses.default, key).toEqual({ $ref: '#/components/responses/Error' });
      }
    }
    expect(tags.get('items')).toBe('Towary');
    expect(tags.get('plugin:moto')).toBe('Wtyczka: Moduł motocyklowy');
    expect(doc.paths['/plugins/moto/makes']?.get?.tags).toEqual(['plugin:moto']);
  });

  it('describes answers strictly and requests as a client may send them', () => {
    const doc = server.openApi();
    const schemas = doc.components.schemas;
    // An answer names every field and no other.
    expect(schemas.ItemRow).toMatchObject({ type: 'object', additionalProperties: false });
    expect((schemas.ItemRow?.required as string[]).length).toBe(Object.keys(schemas.ItemRow?.properties ?? {}).length);
    // A request's defaulted fields may be left out; unknown fields are dropped, not refused.
    const itemInput = schemas.ItemInput ?? {};
    expect(itemInput.additionalProperties).toBeUndefined();
    expect(itemInput.required).toEqual(['code', 'price', 'vat', 'currency', 'countWare', 'itemStatusId']);
    // Path, query, body and multipart inputs; files; nothing.
    const user = doc.paths['/users/{id}']?.get;
    expect(user?.parameters?.[0]).toMatchObject({ name: 'id', in: 'path', required: true });
    const put = doc.paths['/items']?.put;
    expect(put?.requestBody?.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ItemUpdate' });
    expect(put?.parameters).toEqual([{ $ref: '#/components/parameters/XsrfToken' }]);
    expect(doc.paths['/upload_image']?.post?.requestBody?.content['multipart/form-data']).toBeTruthy();
    expect(doc.paths['/register']?.post?.requestBody?.content['application/x-www-form-urlencoded']).toBeTruthy();
    expect(Object.keys(doc.paths['/warehouse_changes/export_csv']?.get?.responses['200']?.content ?? {})).toEqual([
      'text/csv',
    ]);
    expect(doc.paths['/items']?.delete?.responses['204']).toBeTruthy();
    expect(doc.paths['/image']?.get?.security).toContainEqual({ tokenCookie: [] });
    expect(doc.components.securitySchemes.sessionToken).toMatchObject({ in: 'header', name: 'X-Auth-Bearer' });
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});

describe('the answer check', () => {
  async function expectRefused(url: string, what: RegExp): Promise<void> {
    const before = server.answers.failures.length;
    const res = await org.admin.get<{ code: number; message: string }>(url);
    expect(res.status, url).toBe(500);
    expect(res.body.message, url).toMatch(/^Odpowiedź niezgodna z dokumentem API/);
    expect(server.answers.failures.length, url).toBe(before + 1);
    expect(server.answers.failures.at(-1), url).toMatch(what);
  }

  it('refuses answers the document does not describe, loudly', async () => {
    try {
      await expectRefused('/api/test/answer/extra-field', /additional properties \(secret\)/);
      await expectRefused('/api/test/answer/wrong-type', /\/count must be number/);
      await expectRefused('/api/test/answer/missing-field', /must have required property 'b'/);
      await expectRefused('/api/test/answer/empty', /204 bez treści/);
      await expectRefused('/api/test/answer/not-empty', /dokument opisuje 204/);
      await expectRefused('/api/test/answer/file-type', /typ treści text\/plain, a dokument opisuje application\/pdf/);
      await expectRefused('/api/test/answer/stream', /\/rows\/1 must NOT have additional properties \(ukryte\)/);
      await expectRefused(
        '/api/test/answer/bad-error',
        /GET \/api\/test\/answer\/bad-error 418: błąd niezgodny ze schematem/,
      );
      await expectRefused('/api/test/answer/profile-without-tel', /additional properties \(tel\)/);
    } finally {
      // Refused on purpose: the harness would fail the file for them when the server closes.
      server.answers.failures.length = 0;
    }
  });

  it('lets described answers through unchanged, errors included', async () => {
    const res = await org.admin.get<{ login: string; tel: string }>('/api/test/answer/profile');
    expect(res.status).toBe(200);
    expect(res.body.login).toBe(org.adminLogin);
    expect(res.body.tel).toBe('+48 600 100 200');
    const stream = await org.admin.get('/api/test/answer/good-stream');
    expect(stream.body).toEqual({ rows: [{ id: 1 }, { id: 2 }] });
    const denied = await new ApiClient(server.url).get('/api/users');
    expect(denied.status).toBe(401);
    const bad = await org.admin.get('/api/users?id=abc');
    expect(bad.status).toBe(400);
    expect(server.answers.failures).toEqual([]);
    expect(server.answers.answered).toContain('GET /api/test/answer/profile');
    expect(server.answers.answered).not.toContain('GET /api/test/answer/extra-field');
  });
});
