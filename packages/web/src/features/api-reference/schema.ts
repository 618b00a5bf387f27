import type { OpenApiDocumentShape, OpenApiOperation } from '@zaplecze/contract';
import { format } from '@web/i18n';
import type { apiReferenceText } from './texts';

/**
 * Reading the OpenAPI document for people (the API reference page): JSON Schema 2020-12 as the
 * server writes it (platform/openapi.ts: objects, arrays, anyOf, $ref to components, type lists
 * with null, enum, const, lengths, ranges, patterns, formats, defaults).
 */

export type JsonSchema = Record<string, unknown>;
type SchemaTexts = ReturnType<typeof apiReferenceText>['schema'];

const COMPONENT = /^#\/components\/(schemas|responses|parameters)\/(.+)$/;

/** The component a `$ref` names (`ItemRow`), or undefined. */
export function refName(schema: unknown): string | undefined {
  const ref = (schema as { $ref?: unknown } | undefined)?.$ref;
  return typeof ref === 'string' ? COMPONENT.exec(ref)?.[2] : undefined;
}

/** Follows a `$ref` into the document's components (one step is all the server writes). */
export function resolveRef<T = JsonSchema>(doc: OpenApiDocumentShape, value: unknown): T {
  const ref = (value as { $ref?: unknown } | undefined)?.$ref;
  const m = typeof ref === 'string' ? COMPONENT.exec(ref) : null;
  if (!m) return value as T;
  const [, kind, name] = m as unknown as [string, 'schemas' | 'responses' | 'parameters', string];
  return (doc.components[kind][name] ?? value) as T;
}

function types(schema: JsonSchema): string[] {
  const t = schema.type;
  return Array.isArray(t) ? (t as string[]) : typeof t === 'string' ? [t] : [];
}

const show = (v: unknown) => (typeof v === 'string' ? `„${v}”` : JSON.stringify(v));

const isNull = (s: JsonSchema) => s.type === 'null';

/** The alternatives of an anyOf / oneOf, or undefined. */
export function branchesOf(schema: JsonSchema): JsonSchema[] | undefined {
  const b = schema.anyOf ?? schema.oneOf;
  return Array.isArray(b) ? (b as JsonSchema[]) : undefined;
}

/** `X | null` written as anyOf: the X, else undefined. */
export function nullableOf(schema: JsonSchema): JsonSchema | undefined {
  const b = branchesOf(schema);
  if (!b || b.length !== 2 || !b.some(isNull)) return undefined;
  return b.find((x) => !isNull(x));
}

/** A short name of what the schema holds: `tekst`, `lista: ItemRow`, `liczba | null`, `ItemRow`. */
export function typeLabel(schema: JsonSchema, t: SchemaTexts): string {
  const ref = refName(schema);
  if (ref) return ref;
  const branches = branchesOf(schema);
  if (branches) return [...new Set(branches.map((b) => typeLabel(b, t)))].join(' | ');
  if ('const' in schema) return show(schema.const);
  const list = types(schema);
  if (list.length === 0) return Array.isArray(schema.enum) ? t.string : t.any;
  return list
    .map((type) => {
      if (type === 'array') {
        const items = schema.items as JsonSchema | undefined;
        return items ? format(t.arrayOf, { type: typeLabel(items, t) }) : t.array;
      }
      if (type === 'string' && schema.format === 'binary') return t.file;
      if (type === 'object' && !schema.properties && isMap(schema)) {
        return format(t.mapOf, { type: typeLabel(schema.additionalProperties as JsonSchema, t) });
      }
      const name = (t as unknown as Record<string, unknown>)[type];
      return typeof name === 'string' ? name : type;
    })
    .join(' | ');
}

/** An object whose keys are free and whose values share one schema (z.record). */
export function isMap(schema: JsonSchema): boolean {
  const extra = schema.additionalProperties;
  return typeof extra === 'object' && extra !== null && Object.keys(extra).length > 0;
}

const SAFE_INTEGER = 9007199254740991;

/** The constraints worth reading: lengths, ranges, the allowed values, the default, a pattern. */
export function constraints(schema: JsonSchema, t: SchemaTexts): string[] {
  // Alternatives of plain values (a VAT rate: a number or zw/np/oo) list each one's constraints.
  const branches = branchesOf(schema);
  if (branches) return [...new Set(branches.flatMap((b) => (hasInside(b) ? [] : constraints(b, t))))];
  const out: string[] = [];
  const n = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  const add = (template: string, values: Record<string, string | number>) => out.push(format(template, values));
  if (n('minLength') !== undefined) add(t.minLength, { n: n('minLength')! });
  if (n('maxLength') !== undefined) add(t.maxLength, { n: n('maxLength')! });
  // zod writes the safe-integer range on every integer: no news for a reader.
  const min = n('minimum');
  const max = n('maximum');
  if (min !== undefined && min !== -SAFE_INTEGER) add(t.minimum, { n: min });
  if (n('exclusiveMinimum') !== undefined) add(t.exclusiveMinimum, { n: n('exclusiveMinimum')! });
  if (max !== undefined && max !== SAFE_INTEGER) add(t.maximum, { n: max });
  if (n('minItems') !== undefined) add(t.minItems, { n: n('minItems')! });
  if (n('maxItems') !== undefined) add(t.maxItems, { n: n('maxItems')! });
  if (Array.isArray(schema.enum)) add(t.enum, { values: schema.enum.map(show).join(', ') });
  // A format says it better than its regular expression (zod writes both for a date and time).
  const fmt = typeof schema.format === 'string' && schema.format !== 'binary' ? schema.format : undefined;
  if (fmt) out.push((t.formats as Record<string, string>)[fmt] ?? format(t.format, { format: fmt }));
  else if (typeof schema.pattern === 'string') add(t.pattern, { pattern: schema.pattern });
  if (schema.default === '') out.push(t.defaultEmpty);
  else if ('default' in schema) add(t.default, { value: show(schema.default) });
  return out;
}

/** The named fields of an object schema, required ones marked. */
export function fieldsOf(schema: JsonSchema): { name: string; schema: JsonSchema; required: boolean }[] {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(props).map(([name, s]) => ({ name, schema: s, required: required.has(name) }));
}

/** Whether a schema has parts worth opening (fields, elements with fields, alternatives, a component). */
export function hasInside(schema: JsonSchema): boolean {
  if (refName(schema)) return true;
  const branches = branchesOf(schema);
  if (branches) return branches.some(hasInside);
  if (schema.properties && Object.keys(schema.properties).length > 0) return true;
  const items = schema.items as JsonSchema | undefined;
  if (items) return hasInside(items);
  if (isMap(schema)) return hasInside(schema.additionalProperties as JsonSchema);
  return false;
}

export interface Operation {
  method: string;
  path: string;
  op: OpenApiOperation;
}

/** Every operation of the document grouped by its tag, in the document's order of tags. */
export function operationsByTag(doc: OpenApiDocumentShape): { tag: string; title: string; operations: Operation[] }[] {
  const all: Operation[] = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
  const groups = doc.tags.map((t) => ({
    tag: t.name,
    title: t.description,
    operations: all.filter((o) => o.op.tags[0] === t.name),
  }));
  const known = new Set(doc.tags.map((t) => t.name));
  const rest = all.filter((o) => !known.has(o.op.tags[0] ?? ''));
  if (rest.length > 0) groups.push({ tag: 'other', title: 'other', operations: rest });
  return groups.filter((g) => g.operations.length > 0);
}

/** Whether an operation matches a search text (path, summary, description, access, group). */
export function matches(o: Operation, title: string, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [o.method, o.path, o.op.summary, o.op.description, o.op['x-access'], title]
    .join(' ')
    .toLowerCase()
    .includes(q);
}
