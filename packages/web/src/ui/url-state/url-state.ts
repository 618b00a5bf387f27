import type { z } from 'zod';

/**
 * Search criteria mirrored in a query string (docs/ARCHITECTURE.md, url-state/), read through a zod object schema of
 * the contract. Pure functions, so the rules are tested without a router.
 *
 * Fields are scalars (strings, numbers, booleans); each must accept a missing value (optional or
 * with a default), which is what an absent or invalid query parameter becomes.
 */

/** Cross-field rules applied after reading and before writing (e.g. a flag that needs another field). */
export type Normalize<T> = (value: T) => T;

function fields(schema: z.ZodObject): [string, z.ZodType][] {
  return Object.entries(schema.shape);
}

/** The criteria with nothing chosen: every field's default. */
export function urlDefaults<S extends z.ZodObject>(schema: S): z.output<S> {
  const parsed = schema.safeParse({});
  if (!parsed.success) throw new Error('useUrlState: every field of the schema needs a default or .optional()');
  return parsed.data;
}

/**
 * Reads the criteria field by field: an invalid value drops only its own field (it takes the
 * default), never the whole search. Surrounding spaces are ignored and an empty value counts as
 * absent (z.coerce.number('') would otherwise read 0).
 */
export function readUrlState<S extends z.ZodObject>(
  schema: S,
  params: URLSearchParams,
  normalize?: Normalize<z.output<S>>,
): z.output<S> {
  const input: Record<string, string> = {};
  for (const [key, field] of fields(schema)) {
    const raw = params.get(key)?.trim();
    if (raw === undefined || raw === '') continue;
    if (field.safeParse(raw).success) input[key] = raw;
  }
  // Rules across fields (an object refinement) can still refuse the whole: then nothing is chosen.
  const parsed = schema.safeParse(input);
  const value = parsed.success ? parsed.data : urlDefaults(schema);
  return normalize ? normalize(value) : value;
}

function toParam(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

/** The query string of the criteria: only the fields that differ from their default. */
export function writeUrlState<S extends z.ZodObject>(
  schema: S,
  value: z.output<S>,
  normalize?: Normalize<z.output<S>>,
): URLSearchParams {
  const v: Record<string, unknown> = normalize ? normalize(value) : value;
  const defaults: Record<string, unknown> = urlDefaults(schema);
  const params = new URLSearchParams();
  for (const [key] of fields(schema)) {
    const param = toParam(v[key]);
    if (param !== undefined && param !== '' && param !== toParam(defaults[key])) params.set(key, param);
  }
  return params;
}
