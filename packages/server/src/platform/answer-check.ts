import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest, onSendAsyncHookHandler } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { isFileAnswer, isNoContent, openApiPath, routeKey, type JsonSchema, type OpenApiDocument } from './openapi';
import type { RouteDef } from './route';

// ajv-formats is CommonJS with a default export; under ESM interop it may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv2020,
) => void;

const DOC_ID = 'https://zaplecze.invalid/openapi.json';

interface ValidatorPool {
  ajv: Ajv2020;
  /** Compiled validators by the text of their schema. */
  validators: Map<string, ValidateFunction>;
}

/**
 * The compiled validators of every server of this process with the same components (a test worker
 * starts a server per file, and compiling is most of the check's cost): keyed by the components'
 * text, so a server whose document names other shapes never uses another's.
 */
const pools = new Map<string, ValidatorPool>();

function validatorPool(components: OpenApiDocument['components']): ValidatorPool {
  const key = JSON.stringify(components);
  let pool = pools.get(key);
  if (!pool) {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: DOC_ID, components });
    pool = { ajv, validators: new Map() };
    pools.set(key, pool);
  }
  return pool;
}

/**
 * The answer check (docs/decisions.md, Public API): with API_CHECK_ANSWERS (the test harness sets
 * it; never in production, where a 10,000-row page would be parsed and walked again), every answer
 * of every route is checked against the OpenAPI document before it leaves: a 200's JSON against
 * the route's answer schema (strict: a field the document does not name fails), a file's content
 * type against the declared ones, a 204 only where the route answers nothing, and every error
 * against the error body. A mismatch is answered as 500 with what was wrong, logged, and kept in
 * `failures`, which the test harness turns into a failed test file when the server closes: the
 * whole API suite is the contract test.
 */
export class AnswerCheck {
  /** One line per mismatch: route, status, what was wrong. */
  readonly failures: string[] = [];
  /** Route keys (`GET /api/items`) that answered a 2xx the document describes. */
  readonly answered = new Set<string>();
  private pool: ValidatorPool | undefined;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: () => OpenApiDocument) {}

  /** The route's onSend hook. */
  hook(def: RouteDef): onSendAsyncHookHandler<unknown> {
    const key = routeKey(def.method, def.url);
    return async (req, reply, payload) => this.check(def, key, req, reply, payload);
  }

  private validator(id: string, schema: JsonSchema): ValidateFunction {
    let v = this.validators.get(id);
    if (v) return v;
    this.pool ??= validatorPool(this.document().components);
    // The document's references point into its own components: here into the pool's copy of them.
    const text = JSON.stringify(schema).replace(/"#\/components\//g, `"${DOC_ID}#/components/`);
    v = this.pool.validators.get(text);
    if (!v) {
      v = this.pool.ajv.compile(JSON.parse(text) as JsonSchema);
      this.pool.validators.set(text, v);
    }
    this.validators.set(id, v);
    return v;
  }

  private answerSchema(def: RouteDef, status = 200): JsonSchema | undefined {
    const op = this.document().paths[openApiPath(def.url)]?.[def.method.toLowerCase()];
    return op?.responses[String(status)]?.content?.['application/json']?.schema;
  }

  private async check(
    def: RouteDef,
    key: string,
    req: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
  ): Promise<unknown> {
    const status = reply.statusCode;
    const type = String(reply.getHeader('content-type') ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase();
    const spec = def.response;
    const fail = (what: string) => this.fail(req, reply, key, status, what);

    if (status === 204) {
      if (!isNoContent(spec)) return fail('204 bez treści, a dokument opisuje odpowiedź z treścią');
      this.answered.add(key);
      return payload;
    }
    const isError = status >= 400;
    if (!isError && isNoContent(spec)) return fail(`odpowiedź ${status} z treścią, a dokument opisuje 204`);
    if (!isError && isFileAnswer(spec)) {
      const known = spec.file.some((t) => t === type || (t.endsWith('/*') && type?.startsWith(t.slice(0, -1))));
      if (!known) return fail(`typ treści ${type || '(brak)'}, a dokument opisuje ${spec.file.join(', ')}`);
      this.answered.add(key);
      return payload;
    }
    if (type !== 'application/json') return fail(`typ treści ${type || '(brak)'} zamiast application/json`);
    const text = await payloadText(payload);
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return fail('treść nie jest poprawnym JSON-em');
    }
    // An error with a body of the route's own (RouteDocs.errors), else the common error body.
    const ownError = isError && def.docs?.errors?.[status] !== undefined;
    const schema = !isError || ownError ? this.answerSchema(def, status) : { $ref: '#/components/schemas/ErrorBody' };
    if (!schema) return fail('dokument nie opisuje tej operacji');
    const validate = this.validator(!isError ? key : ownError ? `${key} ${status}` : 'error', schema);
    if (!validate(data)) {
      const problems = (validate.errors ?? []).slice(0, 6).map((e) => {
        const extra = (e.params as { additionalProperty?: string }).additionalProperty;
        return `${e.instancePath || '/'} ${e.message ?? ''}${extra ? ` (${extra})` : ''}`;
      });
      return fail(`${isError ? 'błąd niezgodny' : 'odpowiedź niezgodna'} ze schematem: ${problems.join('; ')}`);
    }
    if (!isError) this.answered.add(key);
    // A stream was read to be checked: its text goes out instead.
    return payload instanceof Readable ? text : payload;
  }

  private fail(req: FastifyRequest, reply: FastifyReply, key: string, status: number, what: string): string {
    const line = `${key} ${status}: ${what}`;
    this.failures.push(line);
    req.log.error({ route: key, status }, `answer not described by the OpenAPI document: ${what}`);
    reply.code(500);
    reply.removeHeader('content-length');
    reply.removeHeader('content-disposition');
    reply.header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify({ code: 500, message: `Odpowiedź niezgodna z dokumentem API: ${line}` });
  }
}

async function payloadText(payload: unknown): Promise<string> {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  if (payload instanceof Readable) {
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    return Buffer.concat(chunks).toString('utf8');
  }
  return payload === undefined || payload === null ? '' : String(payload);
}
