import { defineManifest } from '@zaplecze/contract';
import { z } from 'zod';

/** The production hosts; the sandbox ones are offered by the settings form (docs/plugins.md, "Plugin: allegro"). */
export const ALLEGRO_API_URL = 'https://api.allegro.pl';
export const ALLEGRO_AUTH_URL = 'https://allegro.pl';
export const ALLEGRO_SANDBOX_API_URL = 'https://api.allegro.pl.allegrosandbox.pl';
export const ALLEGRO_SANDBOX_AUTH_URL = 'https://allegro.pl.allegrosandbox.pl';

const address = (what: string) =>
  z
    .string({ error: `Podaj adres ${what}.` })
    .trim()
    .max(200, { error: `Adres ${what} może mieć najwyżej 200 znaków.` })
    .refine((s) => /^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(s), {
      error: `Adres ${what} musi zaczynać się od https://.`,
    });

/** Allegro (docs/plugins.md, "Plugin: allegro"): marketplace orders in, status, waybills, stock and prices out. */
export const manifest = defineManifest({
  id: 'allegro',
  name: 'Allegro',
  desc: 'Zamówienia z Allegro, statusy realizacji, numery przesyłek oraz stany i ceny ofert.',
  version: '1.0.0',
  dependsOn: [],
  menu: {
    category: 'Marketplace',
    icon: 'shop',
    name: 'Allegro',
    tabs: [
      { path: 'connect', tabName: 'Połączenie', icon: 'plug', permission: 'main.plugins.manage' },
      { path: 'mapping', tabName: 'Mapowanie', icon: 'arrow-left-right', permission: 'main.plugins.manage' },
      { path: 'log', tabName: 'Dziennik', icon: 'journal-text', permission: 'main.plugins.manage' },
      { path: 'jobs', tabName: 'Zadania', icon: 'list-task', permission: 'main.plugins.manage' },
    ],
  },
  permissions: [],
  settings: {
    schema: z.object({
      apiUrl: address('API').default(ALLEGRO_API_URL),
      authUrl: address('logowania').default(ALLEGRO_AUTH_URL),
      clientId: z.string().trim().max(200, { error: 'Client ID może mieć najwyżej 200 znaków.' }).default(''),
      scheduleMinutes: z
        .number({ error: 'Co ile minut: liczba od 1 do 1440.' })
        .int({ error: 'Co ile minut: liczba od 1 do 1440.' })
        .min(1, { error: 'Co ile minut: liczba od 1 do 1440.' })
        .max(1440, { error: 'Co ile minut: liczba od 1 do 1440.' })
        .default(15),
      safetyBuffer: z
        .number({ error: 'Bufor bezpieczeństwa: liczba od 0 do 100000.' })
        .int({ error: 'Bufor bezpieczeństwa: liczba od 0 do 100000.' })
        .min(0, { error: 'Bufor bezpieczeństwa: liczba od 0 do 100000.' })
        .max(100_000, { error: 'Bufor bezpieczeństwa: liczba od 0 do 100000.' })
        .default(0),
      pushStock: z.boolean().default(true),
      pushPrices: z.boolean().default(false),
    }),
    secrets: ['clientSecret'],
  },
});
