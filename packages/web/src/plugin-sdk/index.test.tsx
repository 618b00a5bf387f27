import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { byPluginId, pluginIdOfEntry } from '@web/extensions/plugins/entries';
import * as sdk from '@zaplecze/plugin-sdk-web';

afterEach(cleanup);

describe('web plugin SDK', () => {
  it('defineWebPlugin answers the plugin as declared; the alias resolves to this module', () => {
    const plugin = sdk.defineWebPlugin({ id: 'moto', screens: { makes: { title: 'Marki', component: () => null } } });
    expect(plugin.id).toBe('moto');
    expect(Object.keys(plugin.screens ?? {})).toEqual(['makes']);
    for (const name of ['api', 'useToast', 'useModals', 'PageSpinner', 'PluginJobsScreen', 'Button', 'useQuery'])
      expect(sdk, name).toHaveProperty(name);
  });

  it('re-exported ui pieces render', () => {
    render(<sdk.Button>OK</sdk.Button>);
    expect(screen.getByRole('button', { name: 'OK' })).toBeTruthy();
  });
});

describe('plugin web entries', () => {
  it('are keyed by the plugin folder of plugins/<id>/web/index.tsx', () => {
    expect(pluginIdOfEntry('../../../../../plugins/wholesale-csv/web/index.tsx')).toBe('wholesale-csv');
    expect(pluginIdOfEntry('../../../../../plugins-fixtures/fixture-base/web/index.tsx')).toBe('fixture-base');
    expect(pluginIdOfEntry('../../../../../plugins/moto/web/pages/Makes.tsx')).toBeUndefined();
    const load = async () => ({ default: { id: 'moto' } });
    expect(Object.keys(byPluginId({ '../../plugins/moto/web/index.tsx': load, 'x.tsx': load }))).toEqual(['moto']);
  });
});
