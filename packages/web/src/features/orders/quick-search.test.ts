import { describe, expect, it } from 'vitest';
import { quickOrderCriteria, quickOrderText } from './quick-search';
import { BUILT_IN_DEFAULTS, orderUrlSchema } from './search';

const base = orderUrlSchema(BUILT_IN_DEFAULTS).parse({ page: '2', statusId: '4', city: 'Gdańsk' });

describe('order quick search', () => {
  it.each([
    ['123', { number: 123 }],
    ['anna@example.com', { email: 'anna@example.com' }],
    ['+48 600 100 200', { tel: '+48 600 100 200' }],
    ['31-019', { postCode: '31-019' }],
    ['PL1234567890123', { bol: 'PL1234567890123' }],
    ['Kraków', { city: 'Kraków' }],
  ])('%s goes to its filter', (text, expected) => {
    const c = quickOrderCriteria(base, text);
    expect(c).toMatchObject({ ...expected, statusId: 4, page: 1 });
    // The other quick filters are cleared (the panel's city too, unless it is the one).
    if (!('city' in expected)) expect(c.city).toBeUndefined();
  });

  it('an empty text clears the quick filters; the box shows the one set', () => {
    expect(quickOrderCriteria(base, ' ')).toMatchObject({ city: undefined, statusId: 4 });
    expect(quickOrderText(quickOrderCriteria(base, '600100200'))).toBe('600100200');
    expect(quickOrderText({ ...base, number: 5 })).toBe('');
  });
});
