import { describe, expect, it } from 'vitest';
import { NUMBER_RULES, numberForApi, numberProblem, readNumber, vatRateProblem } from './number-text';

describe('typed numbers (comma or dot)', () => {
  it('reads a decimal comma as a dot and refuses garbage', () => {
    expect(readNumber('7,5')).toBe(7.5);
    expect(readNumber(' 0,25 ')).toBe(0.25);
    expect(readNumber('12')).toBe(12);
    for (const bad of ['', ' ', '1e3', '0x10', '7,5,1', '1 000', 'abc', 'Infinity'])
      expect(readNumber(bad)).toBeUndefined();
    expect(numberForApi(' 19,99 ')).toBe('19.99');
  });

  it('answers a Polish message for what is wrong', () => {
    expect(numberProblem('7,5')).toBeUndefined();
    expect(numberProblem('abc')).toBe('Wpisz liczbę, np. 7,5.');
    expect(numberProblem('0,25', NUMBER_RULES.count)).toBe('Wpisz liczbę całkowitą.');
    expect(numberProblem('2,0', NUMBER_RULES.count)).toBe('Wpisz liczbę całkowitą.');
    expect(numberProblem('19,999', NUMBER_RULES.money)).toBe('Najwyżej 2 miejsca po przecinku.');
    expect(numberProblem('-1', NUMBER_RULES.money)).toBe('Wartość nie może być mniejsza niż 0.');
    expect(numberProblem('0', NUMBER_RULES.quantity)).toBe('Wartość nie może być mniejsza niż 1.');
    expect(numberProblem('1000,5', NUMBER_RULES.percent)).toBe('Wartość nie może być większa niż 1000.');
    expect(numberProblem('', NUMBER_RULES.count)).toBe('Podaj wartość.');
    expect(numberProblem('', { optional: true })).toBeUndefined();
  });

  it('checks a VAT rate: 0-100 with a comma or a dot', () => {
    expect(vatRateProblem('7,5')).toBeUndefined();
    expect(vatRateProblem('23')).toBeUndefined();
    expect(vatRateProblem('101')).toMatch(/od 0 do 100/);
    expect(vatRateProblem('x')).toMatch(/od 0 do 100/);
    expect(vatRateProblem('ZW')).toBeUndefined();
  });
});
