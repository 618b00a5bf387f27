import { describe, expect, it } from 'vitest';
import { quickItemCriteria, quickItemText } from './quick-search';
import { itemUrlSchema, BUILT_IN_DEFAULTS } from './search';

const base = itemUrlSchema(BUILT_IN_DEFAULTS).parse({ page: '3', statusId: '7', name: 'stary' });

describe('item quick search', () => {
  it('sends digits of a GTIN length to GTIN, a word with a digit or dash to the code, the rest to the name', () => {
    expect(quickItemCriteria(base, '5901234123457')).toMatchObject({ gtin: '5901234123457', name: undefined });
    expect(quickItemCriteria(base, 'kub-1')).toMatchObject({ code: 'KUB-1', name: undefined, gtin: undefined });
    expect(quickItemCriteria(base, 'Kubek biały')).toMatchObject({ name: 'Kubek biały', code: undefined });
  });

  it('keeps the other filters, goes back to page 1; an empty text clears the quick filter', () => {
    const c = quickItemCriteria(base, 'kubek');
    expect(c).toMatchObject({ statusId: 7, page: 1, name: 'kubek' });
    expect(quickItemCriteria(c, '  ')).toMatchObject({ statusId: 7, name: undefined, code: undefined });
  });

  it('shows the one text filter in the box, nothing when several are set', () => {
    expect(quickItemText(quickItemCriteria(base, 'KUB-1'))).toBe('KUB-1');
    expect(quickItemText({ ...base, code: 'A1' })).toBe('');
  });
});
