import { describe, expect, it } from 'vitest';
import { countSchema } from './items';
import { parseDecimalText } from './numbers';
import { orderQuantitySchema, parcelSizeSchema } from './orders';
import { PAGE_MAX, pagingSchema } from './paging';
import { idSchema } from './schemas';

describe('parseDecimalText', () => {
  it.each([
    ['7', 7],
    [' 12 ', 12],
    ['-3', -3],
    ['+2', 2],
    ['7.5', 7.5],
    ['7,5', 7.5],
    ['0', 0],
    ['007', 7],
  ])('reads %j as %d', (text, n) => expect(parseDecimalText(text)).toBe(n));

  it.each([
    '',
    '   ',
    '0x10',
    '1e3',
    '1E3',
    'Infinity',
    '-Infinity',
    'NaN',
    '1_000',
    '1 000',
    '0b11',
    '0o7',
    '.5',
    '5.',
    '1,000,5',
    '1.2.3',
    '--1',
    '12abc',
    '9'.repeat(41),
  ])('refuses %j', (text) => expect(parseDecimalText(text)).toBeUndefined());
});

describe('numeric fields refuse what Number() would read', () => {
  const schemas = { countSchema, orderQuantitySchema, parcelSizeSchema, idSchema };
  for (const [name, schema] of Object.entries(schemas)) {
    it.each(['   ', '0x10', '1e3', 'Infinity', '1_000', '', null, true])(`${name} refuses %j`, (v) => {
      expect(schema.safeParse(v).success).toBe(false);
    });
    it(`${name} takes digits as text and as a number`, () => {
      expect(schema.parse('7')).toBe(7);
      expect(schema.parse(7)).toBe(7);
      expect(schema.parse(' 7 ')).toBe(7);
    });
  }

  it('an integer field refuses a decimal comma that is not whole', () => {
    expect(countSchema.safeParse('7,5').success).toBe(false);
    expect(countSchema.parse('7,0')).toBe(7);
  });
});

describe('paging', () => {
  it('refuses a page whose offset would not fit (400), keeps the junk-to-1 rule', () => {
    expect(PAGE_MAX * 10000).toBeLessThan(2 ** 31);
    expect(pagingSchema.safeParse({ page: '4611686018427388', perPage: '10000' }).success).toBe(false);
    expect(pagingSchema.safeParse({ page: '2147483648' }).success).toBe(false);
    expect(pagingSchema.safeParse({ page: '9'.repeat(60) }).success).toBe(false);
    expect(pagingSchema.safeParse({ page: 1e300 }).success).toBe(false);
    expect(pagingSchema.parse({ page: String(PAGE_MAX), perPage: '10000' }).page).toBe(PAGE_MAX);
    expect(pagingSchema.parse({ page: 'abc' }).page).toBe(1);
    expect(pagingSchema.parse({ page: '-5' }).page).toBe(1);
    expect(pagingSchema.safeParse({ perPage: '0x64' }).success).toBe(false);
    expect(pagingSchema.safeParse({ perPage: '1e2' }).success).toBe(false);
  });
});
