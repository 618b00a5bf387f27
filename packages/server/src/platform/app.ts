import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import helmet from 'helmet';
import multipart from '@fastify/multipart';
import { API_BASE, openApiDocumentSchema } from '@zaplecze/contract';
import { z } from 'zod';
import { pl as zodPolish } from 'zod/locales';
import type { AppDeps } from './context';
import { installErrorHandling } from './error-handler';
import { registerRoutes, route, type RouteDef } from './route';
import type { AnswerCheck } from './answer-check';
import { buildOpenApiDocument, type OpenApiDocument, type OpenApiOptions } from './openapi';
import { MSG } from './messages.pl';
import { closeConnectionsOnClose } from './close-connections';
import { installXsrf } from './xsrf';
import { serializeRequest } from './log-redaction';
import { serializeError } from './error-log';
import { activateMetrics, installHttpMetrics, installMetricsRoute } from './metrics';

/** Routes seen while building, with their access mark: the route-table test walks this. */
export interface RouteInfo {
  method: string;
  url: string;
  access: string | undefined;
  /** The route refuses API tokens (docs/decisions.md, API tokens). */
  sessionOnly: boolean;
}

export interface BuiltApp {
  app: FastifyInstance;
  routes: RouteInfo[];
  /** The OpenAPI document of the routes (built at the first call, then kept). */
  openApi: () => OpenApiDocument;
  /** The answer check, when the config turns it on (tests: platform/answer-check.ts). */
  answerCheck: AnswerCheck | undefined;
}

// Zod's own messages (a wrong type, say) in Polish too; our schemas carry their own texts.
z.config(zodPolish());

const LOG_REDACT = [
  'req.headers["x-auth-bearer"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

/** Where log lines go instead of standard output (tests read the request log through it). */
export interface LogDestination {
  write(line: string): void;
}

/** Builds the HTTP app from its parts; `routes` come from the modules (server.ts assembles them). */
export async function buildApp(
  deps: AppDeps,
  routes: RouteDef[],
  opts: { logger?: boolean; logStream?: LogDestination; openApi?: Partial<OpenApiOptions> } = {},
): Promise<BuiltApp> {
  // The request serializer logs no headers and redacts customers' data and secrets in the URL
  // (log-redaction.ts); the header paths stay redacted for any other logger that prints them.
  const logger: FastifyServerOptions['logger'] =
    opts.logger === false
      ? false
      : {
          level: deps.config.logLevel,
          redact: LOG_REDACT,
          // Errors without the customer data drivers hang on them (error-log.ts).
          serializers: { req: serializeRequest, err: (err: unknown) => serializeError(err) },
          ...(opts.logStream ? { stream: opts.logStream } : {}),
        };
  const app = Fastify({
    logger,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    // A request that still arrives on an open connection while the app closes (a shutdown,
    // docs/operations.md) is served, with `Connection: close`, instead of Fastify's English 503:
    // the database stays open until every connection has ended.
    return503OnClosing: false,
  });

  const seen: RouteInfo[] = [];
  app.addHook('onRoute', (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    for (const m of methods) {
      if (m === 'HEAD') continue;
      const access = r.config?.access;
      if (r.url.startsWith(API_BASE) && !access) {
        throw new Error(`Route ${m} ${r.url} declares no access: mark it public, authenticated or with a permission`);
      }
      seen.push({ method: m, url: r.url, access, sessionOnly: r.config?.sessionOnly === true });
    }
  });

  // The security headers: helmet's middleware, built once. (@fastify/helmet built it again, parsing
  // the policy's directives, on every request: about 1 % of a worker's CPU under load.)
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => securityHeaders(req.raw, reply.raw, (err) => done(err as Error)));
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 1024 * 1024 });
  // Multipart bodies are parsed only when a route asks (`req.file()`), as a stream, with that
  // route's own limits; these defaults keep any other use small.
  await app.register(multipart, {
    limits: { fileSize: 1024 * 1024, files: 1, fields: 10, fieldSize: 10 * 1024, parts: 20, headerPairs: 100 },
  });
  installXsrf(app);
  installErrorHandling(app);
  closeConnectionsOnClose(app);
  // Prometheus metrics (docs/operations.md, Metrics): counted only when on; /metrics is there
  // either way, answering 404 while they are off (not the web app's index.html).
  if (deps.config.metricsEnabled) {
    activateMetrics();
    installHttpMetrics(app);
  }
  installMetricsRoute(app, deps.config, deps.db);

  // The document of every route, this one's included: made at its first use, then kept as text.
  let document: OpenApiDocument | undefined;
  let text: string | undefined;
  const openApiText = (): string => (text ??= JSON.stringify(openApi()));
  const allRoutes: RouteDef[] = [...routes, openApiRoute(openApiText)];
  const openApi = (): OpenApiDocument =>
    (document ??= buildOpenApiDocument(allRoutes, { version: '0', tags: [], ...opts.openApi }));
  // Loaded only when on: production never loads the validator.
  const answerCheck = deps.config.checkAnswers ? new (await import('./answer-check')).AnswerCheck(openApi) : undefined;

  await app.register(
    async (api) => {
      registerRoutes(api, deps, allRoutes, answerCheck);
    },
    { prefix: API_BASE },
  );

  const indexFile = path.join(deps.config.webDist, 'index.html');
  const hasWeb = fs.existsSync(deps.config.webDist);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: deps.config.webDist,
      // One wildcard route looks files up per request, so assets of a rebuild are served without a
      // restart; a missing file falls through to the not-found handler below (404, never HTML).
      wildcard: true,
      // Only file paths are looked up; screens ('/', '/users/12') go to the SPA fallback.
      allowedPath: (pathName) => FILE_PATH.test(pathName),
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  installSpaFallback(app, indexFile);
  return { app, routes: seen, openApi, answerCheck };
}

/**
 * `GET /api/openapi.json`: public, like the reference of any public API (docs/decisions.md, Public
 * API): it describes the shapes of the calls and who may make them, no data of anybody.
 */
function openApiRoute(text: () => string): RouteDef {
  return route({
    method: 'GET',
    url: '/openapi.json',
    access: 'public',
    tag: 'meta',
    summary: 'Dokument OpenAPI 3.1 tego interfejsu',
    response: openApiDocumentSchema,
    handler: async (_ctx, _input, _req, reply) =>
      reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(text()),
  });
}

/** A path that names a file (an asset, an icon, a source map) rather than a screen of the app. */
const FILE_PATH = /^\/assets\/|\.[a-z0-9]{1,8}$/i;

/**
 * Everything that is not an API call or a file gets the SPA's index.html (history routing).
 * index.html is read per request (it is tiny and cached by the OS), so a rebuild needs no restart.
 * A missing file answers 404: a tab left open across a deploy must not get HTML for a script.
 */
function installSpaFallback(app: FastifyInstance, indexFile: string | undefined): void {
  app.setNotFoundHandler((req, reply) => {
    const pathOnly = req.url.split('?')[0] ?? '';
    const isApi = pathOnly === API_BASE || pathOnly.startsWith(`${API_BASE}/`);
    if (isApi || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send({ code: 404, message: MSG.routeNotFound });
    }
    if (FILE_PATH.test(pathOnly)) {
      return reply.code(404).type('text/plain; charset=utf-8').send(MSG.fileNotFound);
    }
    let html: string | undefined;
    try {
      html = indexFile ? fs.readFileSync(indexFile, 'utf8') : undefined;
    } catch {
      html = undefined;
    }
    if (!html) {
      return reply.code(503).type('text/plain; charset=utf-8').send(MSG.webNotBuilt);
    }
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  });
}
