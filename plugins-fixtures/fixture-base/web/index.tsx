import { defineWebPlugin, PluginJobsScreen, SectionCard } from '@zaplecze/plugin-sdk-web';

/** A screen that throws while rendering: the host page shows the plugin error in its place. */
function Boom(): never {
  throw new Error('fixture-base: a screen that fails on purpose');
}

/**
 * The web part of the test-only plugin fixture-base (docs/plugins.md, Web part; built only with
 * VITE_TEST_PLUGINS=1): the manifest's menu tabs 'notes' and 'admin', a screen that throws, the
 * generic settings form of its settings (greeting, the secret apiToken) and a home widget.
 */
export default defineWebPlugin({
  id: 'fixture-base',
  screens: {
    notes: {
      title: 'Lista notatek',
      component: () => <SectionCard title="Notatki">Brak notatek.</SectionCard>,
    },
    admin: { title: 'Dziennik notatek', component: PluginJobsScreen },
    boom: { title: 'Ekran z błędem', component: Boom },
  },
  settings: {
    fields: [
      { name: 'greeting', label: 'Powitanie', type: 'text', maxLength: 100 },
      { name: 'apiToken', label: 'Token usługi', type: 'secret' },
    ],
  },
  register(slots) {
    slots.add('home.widgets', {
      id: 'notes',
      width: 'half',
      component: () => <SectionCard title="Notatki">Widżet notatek</SectionCard>,
    });
  },
});
