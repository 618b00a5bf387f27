import { DEFAULT_PER_PAGE, pagingSchema } from '@zaplecze/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readUrlState, urlDefaults, writeUrlState } from './url-state';

/** A search like the items list will have: paging from the contract plus its own fields. */
const schema = pagingSchema.extend({
  name: z.string().max(20).optional(),
  statusId: z.coerce.number().int().positive().optional(),
  onlyActive: z.enum(['true', 'false']).default('false'),
});
const read = (qs: string) => readUrlState(schema, new URLSearchParams(qs));

describe('readUrlState', () => {
  it('reads every field through the schema', () => {
    expect(read('page=3&perPage=250&name=kubek&statusId=7&onlyActive=true')).toEqual({
      page: 3,
      perPage: 250,
      name: 'kubek',
      statusId: 7,
      onlyActive: 'true',
    });
  });

  it('drops an invalid field alone and keeps the others', () => {
    expect(read('page=2&perPage=33&statusId=abc&name=kubek')).toEqual({
      page: 2,
      perPage: DEFAULT_PER_PAGE,
      name: 'kubek',
      onlyActive: 'false',
    });
  });

  it('gives the defaults for an empty query, ignores unknown keys, empty values and spaces', () => {
    expect(read('')).toEqual(urlDefaults(schema));
    expect(read('foo=1&statusId=&name=%20%20')).toEqual({ page: 1, perPage: DEFAULT_PER_PAGE, onlyActive: 'false' });
    expect(read('statusId=%205%20').statusId).toBe(5);
  });

  it('refuses a schema with a field that has neither a default nor .optional()', () => {
    expect(() => urlDefaults(z.object({ q: z.string() }))).toThrow(/default/);
  });

  it('applies the cross-field rules last', () => {
    const v = readUrlState(schema, new URLSearchParams('name=x&statusId=3'), (s) =>
      s.name ? s : { ...s, statusId: undefined },
    );
    expect(v.statusId).toBe(3);
  });
});

describe('writeUrlState', () => {
  it('writes only what differs from the defaults', () => {
    expect(writeUrlState(schema, urlDefaults(schema)).toString()).toBe('');
    expect(
      writeUrlState(schema, {
        page: 2,
        perPage: DEFAULT_PER_PAGE,
        name: 'kubek i talerz',
        onlyActive: 'false',
      }).toString(),
    ).toBe('page=2&name=kubek+i+talerz');
  });

  it('round-trips', () => {
    const value = { page: 4, perPage: 1000 as const, name: 'ą&ę', statusId: 12, onlyActive: 'true' as const };
    expect(read(writeUrlState(schema, value).toString())).toEqual(value);
  });
});
