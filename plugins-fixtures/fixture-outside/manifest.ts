import { defineManifest } from '@zaplecze/contract';
import { z } from 'zod';

/** The integration fixture's manifest: a carrier and a job that calls an outside service. */
export const manifest = defineManifest({
  id: 'fixture-outside',
  name: 'Usługa testowa',
  desc: 'Wtyczka testowa: przewoźnik i wywołania usługi zewnętrznej.',
  version: '1.0.0',
  dependsOn: [],
  menu: {
    category: 'Carriers',
    icon: 'truck',
    name: 'Usługa testowa',
    tabs: [{ path: 'log', tabName: 'Dziennik', icon: 'journal-text' }],
  },
  permissions: [],
  settings: {
    schema: z.object({ apiUrl: z.string().max(200).default('http://127.0.0.1:9') }),
    secrets: ['token'],
  },
});
