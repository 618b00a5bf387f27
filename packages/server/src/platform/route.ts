import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasPermissionExact, type AnyPermissionKey } from '@zaplecze/contract';
import type { z } from 'zod';
import { badRequest, forbidden } from './errors';
import { MSG } from './messages.pl';
import type { AnswerCheck } from './answer-check';
import { authContext, type AppDeps, type AuthContext, type RequestContext, type TokenSource } from './context';

/**
 * Who may call a route: anybody ('public'), any signed-in user ('authenticated'),
 * or a signed-in user holding the exact permission key (or main.admin): a core key or, on a
 * plugin's route, a key of that plugin (`plugin.<id>.<name>`, docs/plugins.md).
 */
export type Access = 'public' | 'authenticated' | AnyPermissionKey;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

interface Input<B, Q, P> {
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
}

/**
 * An answer that is not JSON (a CSV, an image, a text report): its content types, e.g.
 * `['text/csv']` or `['image/jpeg', 'image/png']`, and what the file is (Polish, for the API
 * reference). The answer check compares the content type of such an answer with these.
 */
export interface FileAnswer {
  readonly file: readonly string[];
  readonly description: string;
}

/** Declares a file answer (see FileAnswer). */
export function fileAnswer(contentTypes: string | readonly string[], description: string): FileAnswer {
  return { file: typeof contentTypes === 'string' ? [contentTypes] : contentTypes, description };
}

/** The answer of a route that answers nothing: 204 No Content. */
export const NO_CONTENT = { noContent: true } as const;
export type NoContent = typeof NO_CONTENT;

/**
 * What a route answers with 200 (docs/decisions.md, Public API: the OpenAPI document): a zod
 * schema of its JSON (from the contract, next to the request's schemas; no transforms, since the
 * document describes what goes on the wire), a file, or nothing (204). Required on every route.
 */
export type AnswerSpec = z.ZodType | FileAnswer | NoContent;

/**
 * What the handler may return for its answer spec: the schema's output for JSON (or the reply,
 * when the handler sent the answer itself, e.g. a big page in pieces), nothing for 204, anything
 * for a file (the handler sends it).
 */
type AnswerOf<R> = R extends z.ZodType ? z.output<R> | FastifyReply : R extends NoContent ? undefined | void : unknown;

/**
 * What the OpenAPI document says of a route beyond its schemas (platform/openapi.ts). `query`,
 * `body` and `params` document the input a handler parses itself (a `query` that lets every field
 * through to a service telling lookups from searches, a body that depends on the path);
 * `multipart` documents an upload's fields (files as `z.file()`); `form`: the body may also be sent
 * as application/x-www-form-urlencoded (as the web app does); `description` adds a Polish note;
 * `errors`: error answers with a body of their own.
 */
export interface RouteDocs {
  description?: string;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  multipart?: Schema;
  form?: boolean;
  /**
   * An error answer of this route with a body of its own instead of the common error body (the
   * readiness probe's 503 names the failed checks): by status, a Polish description and its schema.
   */
  errors?: Record<number, { description: string; schema: Schema }>;
}

interface BaseDef<B, Q, P, R> {
  method: Method;
  url: string;
  body?: B;
  query?: Q;
  params?: P;
  /** The 200 answer (or 204, or a file): see AnswerSpec. */
  response: R;
  /** A short Polish title of the operation, shown in the API reference. */
  summary?: string;
  docs?: RouteDocs;
  /**
   * The group of the operation in the API reference: set by the composition (the module's name, or
   * `plugin:<id>` for a plugin's routes), not by the route itself.
   */
  tag?: string;
  /** Body size limit in bytes, when a route needs other than the default. */
  bodyLimit?: number;
  /**
   * The request log's level for this route: 'silent' keeps a probe that comes every few seconds
   * (GET /api/health, /api/ready) out of the log; its failures log themselves.
   */
  logLevel?: 'silent';
}

export interface PublicRouteDef<B, Q, P, R = AnswerSpec> extends BaseDef<B, Q, P, R> {
  access: 'public';
  /**
   * A webhook another server calls (docs/plugins.md, Webhooks): the body reaches the handler as
   * the bytes received (`req.body` is a Buffer, whatever the content type), since a signature
   * covers exactly those, and the XSRF check does not apply (no browser, no cookie: the caller
   * proves itself by the signature the handler checks before it reads or writes anything).
   */
  webhook?: boolean;
  handler(ctx: RequestContext, input: Input<B, Q, P>, req: FastifyRequest, reply: FastifyReply): Promise<AnswerOf<R>>;
}

export interface AuthRouteDef<B, Q, P, R = AnswerSpec> extends BaseDef<B, Q, P, R> {
  access: Exclude<Access, 'public'>;
  /** 'header-or-cookie' for URLs the browser fetches by itself (images); default 'header'. */
  tokenSource?: TokenSource;
  /**
   * Only for a signed-in person, never for an API token (403): the account's own affairs (sessions,
   * API tokens, password, users and their permissions; docs/decisions.md, API tokens).
   */
  sessionOnly?: boolean;
  /**
   * Runs once the caller is known, before the permission check and before any input is read: a
   * plugin's route answers 404 here to an organisation that has not installed the plugin
   * (modules/plugins), whatever its permissions and its input.
   */
  gate?(ctx: AuthContext): Promise<void>;
  handler(ctx: AuthContext, input: Input<B, Q, P>, req: FastifyRequest, reply: FastifyReply): Promise<AnswerOf<R>>;
}

export type RouteDef =
  | PublicRouteDef<Schema | undefined, Schema | undefined, Schema | undefined, AnswerSpec>
  | AuthRouteDef<Schema | undefined, Schema | undefined, Schema | undefined, AnswerSpec>;

/**
 * Declares a route; the access mark and the answer are required by the type, the access mark is
 * checked again at registration.
 */
export function route<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  R extends AnswerSpec = AnswerSpec,
>(def: PublicRouteDef<B, Q, P, R> | AuthRouteDef<B, Q, P, R>): RouteDef {
  return def as unknown as RouteDef;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The route refuses API tokens (AuthRouteDef.sessionOnly). */
    sessionOnly?: boolean;
    /** A webhook (PublicRouteDef.webhook): raw body, no XSRF check. */
    webhook?: boolean;
  }
}

function baseContext(deps: AppDeps, req: FastifyRequest): RequestContext {
  const lang = String(req.headers['accept-language'] ?? 'pl')
    .slice(0, 2)
    .toLowerCase();
  return { deps, db: deps.db, ip: req.ip, locale: /^[a-z]{2}$/.test(lang) ? lang : 'pl', log: req.log };
}

/**
 * Route handlers of this process still running. A client that hangs up does not stop its handler,
 * and the server closes its connections without waiting for it: shutdown (main.ts) waits for this
 * to reach 0 before it closes the database under them.
 */
export const runningHandlers = { count: 0 };

/**
 * Registers route definitions under the current prefix (the caller mounts them under /api); with
 * `check`, every answer is checked against the OpenAPI document (platform/answer-check.ts).
 */
export function registerRoutes(app: FastifyInstance, deps: AppDeps, defs: RouteDef[], check?: AnswerCheck): void {
  const isHook = (d: RouteDef) => d.access === 'public' && d.webhook === true;
  const hooks = defs.filter(isHook);
  if (hooks.length > 0)
    // Webhooks in a context of their own whose only body parser keeps the bytes (a signature covers them).
    void app.register(async (child) => {
      child.removeAllContentTypeParsers();
      child.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
      registerRoutes(
        child,
        deps,
        hooks.map((d) => ({ ...d, webhook: false, rawHook: true }) as unknown as RouteDef),
        check,
      );
    });
  for (const def of defs) {
    if (isHook(def)) continue;
    // The type demands it; a plugin built without the type checker is held to it here.
    if (!def.response) throw new Error(`Route ${def.method} ${def.url} declares no answer (response)`);
    const handle = handlerOf(deps, def);
    app.route({
      method: def.method,
      url: def.url,
      config: {
        access: def.access,
        ...('sessionOnly' in def && def.sessionOnly ? { sessionOnly: true } : {}),
        ...((def as { rawHook?: boolean }).rawHook ? { webhook: true } : {}),
      },
      ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
      ...(def.logLevel ? { logLevel: def.logLevel } : {}),
      ...(check ? { onSend: check.hook(def) } : {}),
      handler: async (req, reply) => {
        runningHandlers.count++;
        try {
          return await handle(req, reply);
        } finally {
          runningHandlers.count--;
        }
      },
    });
  }
}

/**
 * What the JSON, form and query parsers make: objects with no class of their own (the query
 * parser's objects come from a prototype-less class, so one level of such a prototype counts).
 */
function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v) as object | null;
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

/**
 * Refuses a NUL character (U+0000) anywhere in a request's parsed input, in any string value or
 * object key at any depth (docs/decisions.md, Bad input): PostgreSQL cannot store it in text and
 * answers an error, SQLite's full-text search trips on it, and no business text needs it. Done
 * here, once, for every route a module or a plugin registers, before any schema sees the input;
 * a walk with its own stack, so a deeply nested body cannot exhaust the call stack. Only what the
 * JSON and form parsers make is walked (plain objects, arrays, strings), never a stream.
 */
export function refuseNul(value: unknown, where: string): void {
  const stack: { v: unknown; path: string }[] = [{ v: value, path: '' }];
  while (stack.length > 0) {
    const { v, path } = stack.pop() as { v: unknown; path: string };
    if (typeof v === 'string') {
      if (v.includes('\u0000')) throw badRequest(MSG.nulCharacter, path || where);
    } else if (Array.isArray(v)) {
      v.forEach((e, i) => stack.push({ v: e, path: path ? `${path}.${i}` : String(i) }));
    } else if (isPlainObject(v)) {
      for (const [k, e] of Object.entries(v)) {
        if (k.includes('\u0000')) throw badRequest(MSG.nulCharacter, path || where);
        stack.push({ v: e, path: path ? `${path}.${k}` : k });
      }
    }
  }
}

function handlerOf(deps: AppDeps, def: RouteDef) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const base = baseContext(deps, req);
    let ctx: RequestContext | AuthContext = base;
    const nul = () => {
      refuseNul(req.body, 'body');
      refuseNul(req.query, 'query');
      refuseNul(req.params, 'params');
    };
    if (def.access !== 'public') {
      const user = await deps.authenticate(base, req, def.tokenSource ?? 'header');
      if (def.sessionOnly && user.via === 'api-token') throw forbidden(MSG.apiTokenSessionOnly);
      const auth = authContext(base, user);
      // A gated route refuses a NUL before its gate: every route does, so that tells nothing.
      if (def.gate) {
        nul();
        await def.gate(auth);
      }
      if (def.access !== 'authenticated' && !hasPermissionExact(user.permissions, def.access)) throw forbidden();
      ctx = auth;
    }
    // Auth comes first, so that a stranger learns nothing about the expected input.
    if (!('gate' in def && def.gate)) nul();
    const input = {
      body: def.body ? def.body.parse(req.body ?? {}) : undefined,
      query: def.query ? def.query.parse(req.query ?? {}) : undefined,
      params: def.params ? def.params.parse(req.params ?? {}) : undefined,
    };
    const result = await (
      def.handler as (c: typeof ctx, i: typeof input, r: FastifyRequest, p: FastifyReply) => Promise<unknown>
    )(ctx, input, req, reply);
    if (reply.sent) return reply;
    if (result === undefined) return reply.code(204).send();
    return result;
  };
}
