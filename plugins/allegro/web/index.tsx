import { lazy } from 'react';
import { defineWebPlugin, PluginCallsScreen, PluginJobsScreen } from '@zaplecze/plugin-sdk-web';
import { ALLEGRO_API_URL, ALLEGRO_AUTH_URL, ALLEGRO_SANDBOX_API_URL, ALLEGRO_SANDBOX_AUTH_URL } from '../manifest';

/**
 * Allegro's web part (docs/plugins.md, "Plugin: allegro"): the connection screen (device flow),
 * the mapping screen, the call log ('Dziennik') and jobs, the settings form, the item edit
 * section 'Allegro' and a home widget. Data and lazy references only.
 */
export default defineWebPlugin({
  id: 'allegro',
  screens: {
    connect: { title: 'Allegro: połączenie', component: lazy(() => import('./ConnectScreen')) },
    mapping: { title: 'Allegro: mapowanie', component: lazy(() => import('./MappingScreen')) },
    log: { title: 'Allegro: dziennik', component: PluginCallsScreen },
    jobs: { title: 'Allegro: zadania', component: PluginJobsScreen },
  },
  settings: {
    title: 'Allegro: ustawienia',
    fields: [
      {
        name: 'apiUrl',
        label: 'Adres API',
        type: 'text',
        maxLength: 200,
        suggestions: [
          { value: ALLEGRO_API_URL, label: 'Produkcja' },
          { value: ALLEGRO_SANDBOX_API_URL, label: 'Piaskownica (sandbox)' },
        ],
      },
      {
        name: 'authUrl',
        label: 'Adres logowania (OAuth)',
        type: 'text',
        maxLength: 200,
        suggestions: [
          { value: ALLEGRO_AUTH_URL, label: 'Produkcja' },
          { value: ALLEGRO_SANDBOX_AUTH_URL, label: 'Piaskownica (sandbox)' },
        ],
      },
      { name: 'clientId', label: 'Client ID aplikacji', type: 'text', maxLength: 200 },
      { name: 'clientSecret', label: 'Client Secret aplikacji', type: 'secret' },
      { name: 'scheduleMinutes', label: 'Synchronizacja co (minut)', type: 'number', min: 1, max: 1440 },
      {
        name: 'safetyBuffer',
        label: 'Bufor bezpieczeństwa (sztuk)',
        type: 'number',
        min: 0,
        max: 100000,
        help: 'Tyle sztuk każdego towaru nie wystawiamy na Allegro (ochrona przed sprzedażą ponad stan).',
      },
      { name: 'pushStock', label: 'Wysyłaj stany do ofert', type: 'checkbox' },
      { name: 'pushPrices', label: 'Wysyłaj ceny do ofert', type: 'checkbox' },
    ],
  },
  register(slots) {
    slots.add('item.edit.sections', { id: 'offers', component: lazy(() => import('./ItemOffersSection')) });
    slots.add('home.widgets', {
      id: 'today',
      permissions: ['main.order.show'],
      component: lazy(() => import('./HomeWidget')),
    });
  },
});
