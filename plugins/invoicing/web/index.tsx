import { lazy } from 'react';
import { defineWebPlugin, PluginCallsScreen } from '@zaplecze/plugin-sdk-web';
import { ENVIRONMENT_NAMES, KSEF_API_URLS, KSEF_ENVIRONMENTS } from '../schemas';

/**
 * Invoicing's web part (docs/plugins.md, "Plugin: invoicing"): the invoices with their KSeF state
 * (resend, UPO), the connection settings with 'Sprawdź połączenie', and the call log ('Dziennik').
 */
export default defineWebPlugin({
  id: 'invoicing',
  screens: {
    invoices: { title: 'Faktury w KSeF', component: lazy(() => import('./InvoicesScreen')) },
    log: { title: 'Faktury i KSeF: dziennik', component: PluginCallsScreen },
  },
  settings: {
    title: 'Połączenie z KSeF',
    testConnection: true,
    fields: [
      {
        name: 'environment',
        label: 'Środowisko KSeF',
        type: 'select',
        options: KSEF_ENVIRONMENTS.map((e) => ({ value: e, label: ENVIRONMENT_NAMES[e] })),
        help: 'Produkcyjne wysyła faktury naprawdę. Testowe i przedprodukcyjne (DEMO) mają osobne tokeny.',
      },
      {
        name: 'nip',
        label: 'NIP sprzedawcy (kontekst KSeF)',
        type: 'text',
        maxLength: 13,
        help: 'NIP firmy, w imieniu której token wysyła faktury; taki sam jak NIP sprzedawcy na fakturach.',
      },
      {
        name: 'ksefToken',
        label: 'Token KSeF',
        type: 'secret',
        help: 'Wygeneruj go w Aplikacji Podatnika KSeF z uprawnieniami do wystawiania i przeglądania faktur.',
      },
      {
        name: 'apiUrl',
        label: 'Inny adres API KSeF (zwykle puste)',
        type: 'text',
        maxLength: 200,
        help: 'Zostaw puste, by używać adresu wybranego środowiska.',
        suggestions: KSEF_ENVIRONMENTS.map((e) => ({ value: KSEF_API_URLS[e], label: ENVIRONMENT_NAMES[e] })),
      },
    ],
  },
});
