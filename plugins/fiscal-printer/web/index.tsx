import { lazy } from 'react';
import { defineWebPlugin, PluginCallsScreen } from '@zaplecze/plugin-sdk-web';

/**
 * The fiscal printer's web part (docs/plugins.md, "Plugin: fiscal-printer"): the receipts and their
 * print states with 'Drukuj ponownie'; the printer's address with 'Sprawdź połączenie' (the printer's
 * state, counter and letters read, nothing printed); the VAT letters; the log ('Dziennik').
 */
export default defineWebPlugin({
  id: 'fiscal-printer',
  screens: {
    receipts: { title: 'Drukarka fiskalna: paragony', component: lazy(() => import('./ReceiptsScreen')) },
    vat: { title: 'Drukarka fiskalna: stawki VAT', component: lazy(() => import('./VatScreen')) },
    log: { title: 'Drukarka fiskalna: dziennik', component: PluginCallsScreen },
  },
  settings: {
    title: 'Drukarka fiskalna POSNET',
    testConnection: true,
    fields: [
      {
        name: 'host',
        label: 'Adres drukarki (IP albo nazwa)',
        type: 'text',
        maxLength: 253,
        help: 'Tak, jak serwer Zaplecza widzi drukarkę: jej adres w sieci sklepu albo koniec tunelu (np. 127.0.0.1 przy ssh -R). Bez http:// i bez portu.',
      },
      {
        name: 'port',
        label: 'Port TCP',
        type: 'number',
        min: 1,
        max: 65535,
        help: 'Ustawiony na drukarce (pokazuje go jej raport sieciowy); POSNET ma domyślnie 6666.',
      },
      {
        name: 'timeoutSeconds',
        label: 'Czas na odpowiedź drukarki (s)',
        type: 'number',
        min: 1,
        max: 60,
        help: 'Tyle czekamy na połączenie i na każdą odpowiedź; potem wydruk kończy się błędem i można go powtórzyć.',
      },
    ],
  },
});
