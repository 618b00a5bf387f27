import { describe, expect, it } from 'vitest';
import { criteriaQuery, normalizeCriteria, parametersUrl, parameterUrl, readCriteria } from './urls';

const read = (qs: string) => readCriteria(new URLSearchParams(qs));

describe('parameter list URL state', () => {
  it('reads catId and isCatStrict, counting 0, false and empty as false', () => {
    expect(read('catId=5&isCatStrict=true')).toEqual({ catId: 5, isCatStrict: true });
    expect(read('catId=5&isCatStrict=1')).toEqual({ catId: 5, isCatStrict: true });
    expect(read('catId=5&isCatStrict=0')).toEqual({ catId: 5, isCatStrict: false });
    expect(read('catId=5&isCatStrict=false')).toEqual({ catId: 5, isCatStrict: false });
    expect(read('catId=5&isCatStrict=FALSE')).toEqual({ catId: 5, isCatStrict: false });
    expect(read('catId=5&isCatStrict=')).toEqual({ catId: 5, isCatStrict: false });
    expect(read('catId=5')).toEqual({ catId: 5, isCatStrict: false });
  });

  it('reads main parameters (-1) and clears strictness for it and for no category', () => {
    expect(read('catId=-1&isCatStrict=true')).toEqual({ catId: -1, isCatStrict: false });
    expect(read('isCatStrict=true')).toEqual({ catId: undefined, isCatStrict: false });
    expect(read('')).toEqual({ catId: undefined, isCatStrict: false });
  });

  it('drops a malformed catId', () => {
    for (const bad of ['abc', '0', '-2', '1.5', ' ']) {
      expect(read(`catId=${encodeURIComponent(bad)}&isCatStrict=true`)).toEqual({
        catId: undefined,
        isCatStrict: false,
      });
    }
  });

  it('writes the criteria back, only what differs from no filter', () => {
    expect(criteriaQuery({ catId: 7, isCatStrict: true })).toBe('catId=7&isCatStrict=true');
    expect(criteriaQuery({ catId: 7, isCatStrict: false })).toBe('catId=7');
    expect(criteriaQuery({ catId: -1, isCatStrict: true })).toBe('catId=-1');
    expect(criteriaQuery({ catId: undefined, isCatStrict: true })).toBe('');
    expect(parametersUrl()).toBe('/parameters');
    expect(parametersUrl({ catId: 3, isCatStrict: true })).toBe('/parameters?catId=3&isCatStrict=true');
    expect(parameterUrl(0)).toBe('/parameters/0');
  });

  it('round-trips through the query string', () => {
    for (const c of [
      { catId: 12, isCatStrict: true },
      { catId: 12, isCatStrict: false },
      { catId: -1, isCatStrict: false },
      { catId: undefined, isCatStrict: false },
    ]) {
      expect(read(criteriaQuery(c))).toEqual(normalizeCriteria(c));
    }
  });

  it('reads flags: any other value is true, spaces around are ignored', () => {
    expect(read('catId=5&isCatStrict=yes').isCatStrict).toBe(true);
    expect(read('catId=5&isCatStrict=%200%20').isCatStrict).toBe(false);
  });

  it('drops a malformed field alone', () => {
    expect(read('catId=abc&isCatStrict=true')).toEqual({ catId: undefined, isCatStrict: false });
    expect(read('catId=4&isCatStrict=true&foo=bar')).toEqual({ catId: 4, isCatStrict: true });
  });
});
