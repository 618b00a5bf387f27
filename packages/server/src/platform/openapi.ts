import * as contract from '@zaplecze/contract';
import {
  API_BASE,
  AUTH_HEADER,
  errorBodySchema,
  TOKEN_STORAGE_KEY,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@zaplecze/contract';
import { z } from 'zod';
import type { AnswerSpec, FileAnswer, RouteDef } from './route';

/**
 * THE OpenAPI 3.1 document of the API (docs/decisions.md, Public API; docs/api.md), generated from
 * the route table: every route's access, its zod schemas of path, query and body, and its answer
 * (`response`, required on every route). Schemas become JSON Schema 2020-12 (the dialect of OpenAPI
 * 3.1) through zod's own z.toJSONSchema: requests as a client may send them (io 'input': defaults
 * optional), answers as the server sends them (io 'output': every field present, and no field the
 * document does not name: `additionalProperties: false`). The contract's object schemas are named
 * components. Nothing here is written by hand per route, so the document cannot drift from the code.
 */

export type JsonSchema = Record<string, unknown>;

export interface OpenApiTag {
  name: string;
  /** Polish title of the group (a module's, or a plugin's name). */
  description: string;
}

export interface OpenApiOptions {
  version: string;
  tags: readonly OpenApiTag[];
}

export interface OpenApiContent {
  schema: JsonSchema;
}

export interface OpenApiResponse {
  description?: string;
  content?: Record<string, OpenApiContent>;
  $ref?: string;
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  'x-access': string;
  security: Record<string, string[]>[];
  parameters?: JsonSchema[];
  requestBody?: { required: boolean; content: Record<string, OpenApiContent> };
  responses: Record<string, OpenApiResponse>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  servers: { url: string; description: string }[];
  tags: OpenApiTag[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, OpenApiResponse>;
    parameters: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

/** The route-table key of a route as Fastify registers it under /api (`GET /api/items`). */
export function routeKey(method: string, url: string): string {
  return `${method} ${API_BASE}${url === '/' ? '' : url}`;
}

/** The document's path of a route URL: `/users/:id` becomes `/users/{id}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** Whether a route is an operation of the document: the wildcard fallbacks (`/plugins/*`, 404 only) are not. */
export function isDocumented(def: Pick<RouteDef, 'url'>): boolean {
  return !def.url.includes('*');
}

export function isFileAnswer(spec: AnswerSpec): spec is FileAnswer {
  return typeof spec === 'object' && spec !== null && 'file' in spec;
}

export function isNoContent(spec: AnswerSpec): boolean {
  return typeof spec === 'object' && spec !== null && 'noContent' in spec;
}

const COMPONENT_PREFIX = '#/components/schemas/';

/**
 * The contract's object schemas as named components (`itemRowSchema` is `ItemRow`): where an answer
 * or a body holds one, the document refers to it instead of repeating it.
 */
function contractComponents(): z.core.$ZodRegistry<{ id: string }> {
  const registry = z.registry<{ id: string }>();
  const seen = new Set<unknown>();
  for (const [key, value] of Object.entries(contract)) {
    if (!key.endsWith('Schema') || !(value instanceof z.ZodObject) || seen.has(value)) continue;
    seen.add(value);
    const name = key.slice(0, -'Schema'.length);
    registry.add(value, { id: name.charAt(0).toUpperCase() + name.slice(1) });
  }
  return registry;
}

class SchemaConverter {
  readonly components: Record<string, JsonSchema> = {};
  private readonly componentIo = new Map<string, string>();
  private readonly registry = contractComponents();

  /**
   * One schema as JSON Schema: named sub-schemas go to the components (an input form of a component
   * whose input differs from its answer form is named `<Name>Input`). `inline` converts without
   * components (query and path parameters are read property by property).
   */
  convert(schema: z.ZodType, io: 'input' | 'output', inline = false): JsonSchema {
    const json = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      // An answer's transform would document what the server computes, not what it sends: refused.
      unrepresentable: io === 'output' ? 'throw' : 'any',
      ...(inline ? {} : { metadata: this.registry }),
      // A description the contract gives a schema (`.describe()`, `.meta()`) reaches the document
      // whichever registry names the components.
      override: (ctx) => {
        const meta = z.globalRegistry.get(ctx.zodSchema as unknown as z.ZodType);
        if (meta?.description && ctx.jsonSchema.description === undefined)
          ctx.jsonSchema.description = meta.description;
      },
    }) as JsonSchema;
    delete json.$schema;
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    delete json.$defs;
    const rename = new Map<string, string>();
    for (const [name, def] of Object.entries(defs)) {
      const text = JSON.stringify(def);
      const taken = this.componentIo.get(name);
      if (taken === undefined || taken === text) {
        this.componentIo.set(name, text);
        rename.set(name, name);
        continue;
      }
      const other = `${name}${io === 'input' ? 'Input' : 'Answer'}`;
      const otherTaken = this.componentIo.get(other);
      if (otherTaken !== undefined && otherTaken !== text)
        throw new Error(`OpenAPI: two different schemas named ${other}`);
      this.componentIo.set(other, text);
      rename.set(name, other);
    }
    const fix = (text: string) =>
      text.replace(/"#\/\$defs\/([^"]+)"/g, (_m, name: string) =>
        JSON.stringify(COMPONENT_PREFIX + (rename.get(name) ?? name)),
      );
    for (const [name, def] of Object.entries(defs)) {
      this.components[rename.get(name) ?? name] = JSON.parse(fix(JSON.stringify(def))) as JsonSchema;
    }
    return JSON.parse(fix(JSON.stringify(json))) as JsonSchema;
  }
}

/** The properties of an object schema (or of every branch of a union of objects) as parameters. */
function parametersOf(json: JsonSchema, where: 'query' | 'path'): JsonSchema[] {
  const branches = Array.isArray(json.anyOf) ? (json.anyOf as JsonSchema[]) : [json];
  const out = new Map<string, JsonSchema>();
  for (const branch of branches) {
    const props = (branch.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((branch.required ?? []) as string[]);
    for (const [name, schema] of Object.entries(props)) {
      if (out.has(name)) continue;
      const { description, ...rest } = schema;
      out.set(name, {
        name,
        in: where,
        // A union's fields are each required only in their own branch: none is required by itself.
        required: where === 'path' || (branches.length === 1 && required.has(name)),
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      });
    }
  }
  return [...out.values()];
}

const ACCESS_TEXT = {
  public: 'Dostęp: publiczny (bez logowania).',
  authenticated: 'Dostęp: każdy zalogowany użytkownik organizacji.',
};

function accessText(access: string): string {
  if (access === 'public' || access === 'authenticated') return ACCESS_TEXT[access];
  return `Dostęp: użytkownik z uprawnieniem \`${access}\` (albo \`main.admin\`).`;
}

function operationId(method: string, url: string): string {
  const words = url
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .join('_');
  return `${method.toLowerCase()}_${words || 'root'}`;
}

const errorRef = (name: string): OpenApiResponse => ({ $ref: `#/components/responses/${name}` });

const DESCRIPTION = `Interfejs programistyczny Zaplecza: te same wywołania, których używa aplikacja w przeglądarce,
dostępne dla własnych skryptów sprzedawcy.

- **Adres bazowy**: \`${API_BASE}\` na serwerze aplikacji (np. \`https://zaplecze.example.pl${API_BASE}/items\`).
- **Logowanie**: \`POST ${API_BASE}/login\` z loginem (\`prefiks_użytkownik\`) i hasłem zwraca token; kolejne
  wywołania przesyłają go w nagłówku \`${AUTH_HEADER}\`. Tokeny API przesyłane jako \`Authorization: Bearer …\`
  są opisane jako osobny schemat.
- **Ochrona XSRF**: każde wywołanie inne niż GET musi powtórzyć wartość ciasteczka \`${XSRF_COOKIE}\` (serwer ustawia
  je w odpowiedzi na dowolne wywołanie) w nagłówku \`${XSRF_HEADER}\`.
- **Uprawnienia**: przy każdej operacji podano, kto może ją wywołać (\`x-access\`: \`public\`, \`authenticated\` albo
  klucz uprawnienia; \`main.admin\` ma wszystkie). Dane są zawsze tylko organizacji zalogowanego użytkownika.
- **Błędy**: każdy błąd odpowiada JSON-em \`{ code, message, field? }\` z komunikatem po polsku (schemat \`ErrorBody\`);
  503 (baza danych niedostępna) przychodzi z nagłówkiem \`Retry-After\`.
- **Wtyczki**: operacje wtyczki (\`${API_BASE}/plugins/<id>/...\`) odpowiadają 404, dopóki organizacja jej nie zainstaluje.
- **Liczby** (ceny, ilości) można wysyłać jako liczby JSON; kwoty mają najwyżej dwa miejsca po przecinku.`;

/** Builds the document of `routes` (as registered under /api). */
export function buildOpenApiDocument(routes: readonly RouteDef[], opts: OpenApiOptions): OpenApiDocument {
  const conv = new SchemaConverter();
  const errorBody = conv.convert(errorBodySchema, 'output');
  conv.components.ErrorBody ??= errorBody;
  const paths: OpenApiDocument['paths'] = {};
  const usedTags = new Set<string>();
  const ids = new Set<string>();
  for (const def of routes) {
    if (!isDocumented(def)) continue;
    const path = openApiPath(def.url);
    const method = def.method.toLowerCase();
    const id = operationId(def.method, def.url);
    if (ids.has(id)) throw new Error(`OpenAPI: two operations ${id}`);
    ids.add(id);
    const tag = def.tag ?? 'other';
    usedTags.add(tag);

    const parameters: JsonSchema[] = [];
    const params = def.docs?.params ?? def.params;
    if (params) parameters.push(...parametersOf(conv.convert(params, 'input', true), 'path'));
    const query = def.docs?.query ?? def.query;
    if (query) parameters.push(...parametersOf(conv.convert(query, 'input', true), 'query'));
    if (def.method !== 'GET') parameters.push({ $ref: '#/components/parameters/XsrfToken' });

    let requestBody: OpenApiOperation['requestBody'];
    const body = def.docs?.body ?? def.body;
    if (body) {
      const schema = conv.convert(body, 'input');
      const content: Record<string, OpenApiContent> = { 'application/json': { schema } };
      if (def.docs?.form) content['application/x-www-form-urlencoded'] = { schema };
      requestBody = { required: Array.isArray(schema.required) && schema.required.length > 0, content };
    } else if (def.docs?.multipart) {
      requestBody = {
        required: true,
        content: { 'multipart/form-data': { schema: conv.convert(def.docs.multipart, 'input') } },
      };
    }

    const responses: Record<string, OpenApiResponse> = {};
    const spec = def.response;
    if (isFileAnswer(spec)) {
      responses['200'] = {
        description: spec.description,
        content: Object.fromEntries(spec.file.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
      };
    } else if (isNoContent(spec)) {
      responses['204'] = { description: 'Wykonano; odpowiedź bez treści.' };
    } else {
      responses['200'] = {
        description: 'Odpowiedź.',
        content: { 'application/json': { schema: conv.convert(spec as z.ZodType, 'output') } },
      };
    }
    if (parameters.some((p) => !('$ref' in p)) || requestBody) responses['400'] = errorRef('BadRequest');
    if (def.access !== 'public') responses['401'] = errorRef('Unauthorized');
    if (def.access !== 'public' || def.method !== 'GET') responses['403'] = errorRef('Forbidden');
    if (tag.startsWith('plugin:')) responses['404'] = errorRef('PluginNotInstalled');
    responses.default = errorRef('Error');
    for (const [status, e] of Object.entries(def.docs?.errors ?? {}))
      responses[status] = {
        description: e.description,
        content: { 'application/json': { schema: conv.convert(e.schema, 'output') } },
      };

    const security: Record<string, string[]>[] =
      def.access === 'public'
        ? []
        : [
            { sessionToken: [] },
            { apiToken: [] },
            ...('tokenSource' in def && def.tokenSource === 'header-or-cookie' ? [{ tokenCookie: [] }] : []),
          ];
    const summary = def.summary ?? `${def.method} ${def.url}`;
    const operation: OpenApiOperation = {
      operationId: id,
      summary,
      description: [def.docs?.description, accessText(def.access)].filter(Boolean).join('\n\n'),
      tags: [tag],
      'x-access': def.access,
      security,
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
    (paths[path] ??= {})[method] = operation;
  }

  const errorContent = { 'application/json': { schema: { $ref: `${COMPONENT_PREFIX}ErrorBody` } } };
  const tags = opts.tags.filter((t) => usedTags.has(t.name));
  for (const t of usedTags) if (!tags.some((x) => x.name === t)) tags.push({ name: t, description: t });
  return {
    openapi: '3.1.0',
    info: { title: 'Zaplecze API', version: opts.version, description: DESCRIPTION },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: API_BASE, description: 'Ten serwer' }],
    tags,
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(conv.components).sort(([a], [b]) => a.localeCompare(b))),
      responses: {
        BadRequest: { description: 'Niepoprawne dane wejściowe (`field` wskazuje pole).', content: errorContent },
        Unauthorized: { description: 'Brak tokenu albo token nieważny.', content: errorContent },
        Forbidden: {
          description: 'Brak uprawnienia (albo, przy wywołaniach innych niż GET, brak nagłówka XSRF).',
          content: errorContent,
        },
        PluginNotInstalled: {
          description: 'Organizacja nie zainstalowała wtyczki (albo nie ma takiego obiektu).',
          content: errorContent,
        },
        Error: {
          description:
            'Inny błąd: 404 (nie znaleziono), 409 (konflikt), 413 (za duże), 428 (potrzebna captcha), 429 (za dużo prób), 503 (baza danych niedostępna, z Retry-After), 507 (brak miejsca), 500.',
          content: errorContent,
        },
      },
      parameters: {
        XsrfToken: {
          name: XSRF_HEADER,
          in: 'header',
          required: true,
          description: `Wartość ciasteczka ${XSRF_COOKIE} (ochrona XSRF, double-submit).`,
          schema: { type: 'string' },
        },
      },
      securitySchemes: {
        sessionToken: {
          type: 'apiKey',
          in: 'header',
          name: AUTH_HEADER,
          description: 'Token sesji z `POST /login` (pole `token`).',
        },
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'Token API organizacji: `Authorization: Bearer <token>`.',
        },
        tokenCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: TOKEN_STORAGE_KEY,
          description: 'Token sesji w ciasteczku, tylko dla adresów wczytywanych przez przeglądarkę (obrazy).',
        },
      },
    },
  };
}
