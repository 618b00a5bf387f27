import { lazy } from 'react';
import { defineWebPlugin, PluginCallsScreen } from '@zaplecze/plugin-sdk-web';
import { DPD_API_URL, DPD_DEMO_API_URL } from '../manifest';

/**
 * DPD Polska's web part (docs/plugins.md, "Plugin: dpd"): the day's parcels with the hand-over
 * protocol and the courier order, the call log ('Dziennik') and the settings form with
 * 'Sprawdź połączenie'.
 */
export default defineWebPlugin({
  id: 'dpd',
  screens: {
    parcels: { title: 'DPD: dzisiejsze paczki', component: lazy(() => import('./ParcelsScreen')) },
    log: { title: 'DPD: dziennik', component: PluginCallsScreen },
  },
  settings: {
    title: 'DPD Polska: ustawienia',
    testConnection: true,
    fields: [
      {
        name: 'apiUrl',
        label: 'Adres usługi DPDServices',
        type: 'text',
        maxLength: 200,
        suggestions: [
          { value: DPD_API_URL, label: 'Produkcja' },
          { value: DPD_DEMO_API_URL, label: 'Środowisko testowe (demo)' },
        ],
      },
      { name: 'login', label: 'Login', type: 'text', maxLength: 100 },
      { name: 'password', label: 'Hasło', type: 'secret' },
      { name: 'masterFid', label: 'Numer klienta (FID)', type: 'text', maxLength: 10 },
      {
        name: 'labelFormat',
        label: 'Format etykiety',
        type: 'select',
        options: [
          { value: 'A6', label: 'A6 (drukarka etykiet)' },
          { value: 'A4', label: 'A4' },
        ],
      },
      {
        name: 'defaultWeightKg',
        label: 'Domyślna waga paczki (kg)',
        type: 'number',
        min: 0.1,
        max: 31.5,
        help: 'Gdy zamówienie nie podaje wagi.',
      },
      { name: 'cashOnDelivery', label: 'Pobranie (COD) dla zamówień za pobraniem', type: 'checkbox' },
      { name: 'pickupFrom', label: 'Odbiór przez kuriera od (GG:MM)', type: 'text', maxLength: 5 },
      { name: 'pickupTo', label: 'Odbiór przez kuriera do (GG:MM)', type: 'text', maxLength: 5 },
    ],
  },
});
