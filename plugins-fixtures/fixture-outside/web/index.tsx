import { defineWebPlugin, PluginCallsScreen } from '@zaplecze/plugin-sdk-web';

/**
 * The web part of the test-only integration fixture (built only with VITE_TEST_PLUGINS=1): the
 * 'Dziennik' call log with the 'Połącz ponownie' warning, and the generic settings form with the
 * service's addresses offered and 'Sprawdź połączenie' (e2e/plugin-integrations.e2e.test.ts).
 */
export default defineWebPlugin({
  id: 'fixture-outside',
  screens: { log: { title: 'Dziennik', component: PluginCallsScreen } },
  settings: {
    testConnection: true,
    fields: [
      {
        name: 'apiUrl',
        label: 'Adres usługi',
        type: 'text',
        maxLength: 200,
        suggestions: [
          { value: 'https://api.example.pl', label: 'Produkcja' },
          { value: 'https://sandbox.example.pl', label: 'Środowisko testowe (sandbox)' },
        ],
      },
      { name: 'token', label: 'Token', type: 'secret' },
    ],
  },
});
