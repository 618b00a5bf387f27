import { defineManifest } from '@zaplecze/contract';
import { z } from 'zod';

/** The healthy fixture plugin's manifest (docs/plugins.md, worked example). */
export const manifest = defineManifest({
  id: 'fixture-base',
  name: 'Notatki testowe',
  desc: 'Wtyczka testowa: notatki organizacji.',
  version: '1.0.0',
  dependsOn: [],
  menu: {
    category: 'Others',
    icon: 'sticky',
    name: 'Notatki',
    tabs: [
      { path: 'notes', tabName: 'Lista notatek', icon: 'list' },
      { path: 'admin', tabName: 'Zarządzanie notatkami', icon: 'gear', permission: 'plugin.fixture-base.edit' },
    ],
  },
  permissions: [{ key: 'plugin.fixture-base.edit', name: 'Edycja notatek', desc: 'Dodawanie i usuwanie notatek.' }],
  settings: {
    schema: z.object({ greeting: z.string().max(100).default('Dzień dobry') }),
    secrets: ['apiToken'],
  },
});
