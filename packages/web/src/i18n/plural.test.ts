import { describe, expect, it } from 'vitest';
import { format, pluralPl } from './plural';

const forms = { one: 'użytkownik', few: 'użytkownicy', many: 'użytkowników' };

describe('pluralPl', () => {
  it.each([
    [1, 'użytkownik'],
    [2, 'użytkownicy'],
    [4, 'użytkownicy'],
    [5, 'użytkowników'],
    [0, 'użytkowników'],
    [11, 'użytkowników'],
    [12, 'użytkowników'],
    [14, 'użytkowników'],
    [22, 'użytkownicy'],
    [25, 'użytkowników'],
    [101, 'użytkowników'],
    [112, 'użytkowników'],
    [122, 'użytkownicy'],
  ])('%i -> %s', (n, expected) => {
    expect(pluralPl(n, forms)).toBe(expected);
  });
});

describe('format', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(format('© {year} {name}', { year: 2025, name: 'Zaplecze' })).toBe('© 2025 Zaplecze');
    expect(format('{a} {b}', { a: 1 })).toBe('1 {b}');
  });
});
