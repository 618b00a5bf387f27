import { describe, expect, it } from 'vitest';
import { readUrlState, writeUrlState } from '@web/ui/url-state';
import {
  BUILT_IN_DEFAULTS,
  itemsQuery,
  itemUrlSchema,
  namesOtherParams,
  pluginFilterValues,
  withPluginParams,
} from './search';

describe('plugins’ item search filters (slot items.search.filters)', () => {
  const base = itemUrlSchema(BUILT_IN_DEFAULTS);
  const schema = withPluginParams(base, ['motoMakeId', 'motoYear', 'code']);

  it('carry their parameters in the URL and in GET /items beside the core filters', () => {
    const c = readUrlState(schema, new URLSearchParams('code=AB&motoMakeId=7&motoYear=2004&unknown=1'));
    expect(itemsQuery(c)).toMatchObject({ code: 'AB', motoMakeId: '7', motoYear: '2004' });
    expect(itemsQuery(c)).not.toHaveProperty('unknown');
    expect(pluginFilterValues(c, ['motoMakeId', 'motoYear', 'motoModelId'])).toEqual({
      motoMakeId: '7',
      motoYear: '2004',
    });
    expect(writeUrlState(schema, c).toString()).toContain('motoMakeId=7');
  });

  it('cannot redefine a core parameter, and without filters the schema is the core one', () => {
    const c = readUrlState(schema, new URLSearchParams('code=ab'));
    expect(c.code).toBe(readUrlState(base, new URLSearchParams('code=ab')).code);
    expect(withPluginParams(base, [])).toBe(base);
    // Without the plugin, its parameters are not read (the list works as before).
    expect(itemsQuery(readUrlState(base, new URLSearchParams('motoMakeId=7')))).not.toHaveProperty('motoMakeId');
  });

  it('tell a search naming a parameter the schema does not know yet (the list waits for the plugins)', () => {
    expect(namesOtherParams('code=AB&sort=NAME&page=2', base)).toBe(false);
    expect(namesOtherParams('', base)).toBe(false);
    expect(namesOtherParams('code=AB&motoMakeId=7', base)).toBe(true);
    expect(namesOtherParams('code=AB&motoMakeId=7', schema)).toBe(false);
  });
});
