import { lazy } from 'react';
import { defineWebPlugin, PluginCallsScreen } from '@zaplecze/plugin-sdk-web';
import { INPOST_API_URL, INPOST_SANDBOX_API_URL, SENDING_METHODS } from '../schemas';

const SENDING_NAMES: Record<(typeof SENDING_METHODS)[number], string> = {
  dispatch_order: 'Odbiór przez kuriera (zamawiany w zakładce Paczki)',
  parcel_locker: 'Nadanie w paczkomacie',
  pop: 'Nadanie w punkcie (POP)',
};

/**
 * InPost's web part (docs/plugins.md, "Plugin: inpost"): the day's parcels with their states,
 * cancel and the courier pickup; the services and the 'delivered' status; the call log
 * ('Dziennik'); the connection settings with 'Sprawdź połączenie'.
 */
export default defineWebPlugin({
  id: 'inpost',
  screens: {
    parcels: { title: 'InPost: paczki', component: lazy(() => import('./ParcelsScreen')) },
    shipping: { title: 'InPost: usługi i statusy', component: lazy(() => import('./ShippingScreen')) },
    log: { title: 'InPost: dziennik', component: PluginCallsScreen },
  },
  settings: {
    title: 'InPost: połączenie z ShipX',
    testConnection: true,
    fields: [
      {
        name: 'apiUrl',
        label: 'Adres API ShipX',
        type: 'text',
        maxLength: 200,
        suggestions: [
          { value: INPOST_API_URL, label: 'Produkcja' },
          { value: INPOST_SANDBOX_API_URL, label: 'Środowisko testowe (sandbox)' },
        ],
      },
      {
        name: 'organizationId',
        label: 'Numer organizacji (organization_id)',
        type: 'text',
        maxLength: 12,
        help: 'Manager Paczek InPost → Moje konto → API.',
      },
      {
        name: 'token',
        label: 'Token API ShipX',
        type: 'secret',
        help: 'Token z Managera Paczek (sandbox ma osobne konto i token).',
      },
      {
        name: 'sendingMethod',
        label: 'Sposób nadania',
        type: 'select',
        options: SENDING_METHODS.map((m) => ({ value: m, label: SENDING_NAMES[m] })),
      },
      {
        name: 'labelType',
        label: 'Etykieta od InPost',
        type: 'select',
        options: [
          { value: 'A6', label: 'A6 (drukarka etykiet)' },
          { value: 'normal', label: 'A4 (etykieta na stronie A4)' },
        ],
        help: 'Wydruk A4 „4 na stronie” wybiera się przy drukowaniu listów przewozowych.',
      },
      {
        name: 'defaultWeightKg',
        label: 'Domyślna waga paczki kurierskiej (kg)',
        type: 'number',
        min: 0.1,
        max: 50,
        help: 'Gdy zamówienie nie podaje wagi.',
      },
    ],
  },
});
