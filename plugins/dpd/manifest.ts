import { defineManifest } from '@zaplecze/contract';
import { z } from 'zod';

/** DPDServices' SOAP endpoints (docs/plugins.md, "Plugin: dpd"): production, and the demo offered by the form. */
export const DPD_API_URL = 'https://dpdservices.dpd.com.pl/DPDPackageObjServicesService/DPDPackageObjServices';
export const DPD_DEMO_API_URL = 'https://dpdservicesdemo.dpd.com.pl/DPDPackageObjServicesService/DPDPackageObjServices';

const hour = (what: string) =>
  z
    .string({ error: `Podaj godzinę ${what} (GG:MM).` })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: `Godzina ${what}: format GG:MM, np. 10:00.` });

/** DPD Polska (docs/plugins.md, "Plugin: dpd"): parcels, labels, the hand-over protocol and courier pickups. */
export const manifest = defineManifest({
  id: 'dpd',
  name: 'DPD Polska',
  desc: 'Przesyłki kurierskie DPD i DPD Pickup: numery, etykiety, protokół przekazania i zamawianie kuriera.',
  version: '1.0.0',
  dependsOn: [],
  menu: {
    category: 'Carriers',
    icon: 'truck',
    name: 'DPD Polska',
    tabs: [
      { path: 'parcels', tabName: 'Dzisiejsze paczki', icon: 'box-seam', permission: 'main.plugins.manage' },
      { path: 'log', tabName: 'Dziennik', icon: 'journal-text', permission: 'main.plugins.manage' },
    ],
  },
  permissions: [],
  settings: {
    schema: z.object({
      apiUrl: z
        .string({ error: 'Podaj adres usługi DPD.' })
        .trim()
        .max(200, { error: 'Adres usługi może mieć najwyżej 200 znaków.' })
        .refine((s) => /^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(s), {
          error: 'Adres usługi musi zaczynać się od https://.',
        })
        .default(DPD_API_URL),
      login: z.string().trim().max(100, { error: 'Login może mieć najwyżej 100 znaków.' }).default(''),
      masterFid: z
        .string()
        .trim()
        .regex(/^\d{0,10}$/, { error: 'Numer klienta (FID) to same cyfry (najwyżej 10).' })
        .default(''),
      labelFormat: z.enum(['A6', 'A4'], { error: 'Format etykiety: A6 albo A4.' }).default('A6'),
      defaultWeightKg: z
        .number({ error: 'Domyślna waga: liczba od 0,1 do 31,5 kg.' })
        .min(0.1, { error: 'Domyślna waga: liczba od 0,1 do 31,5 kg.' })
        .max(31.5, { error: 'Domyślna waga: liczba od 0,1 do 31,5 kg.' })
        .default(1),
      cashOnDelivery: z.boolean().default(true),
      pickupFrom: hour('od').default('10:00'),
      pickupTo: hour('do').default('16:00'),
    }),
    secrets: ['password'],
  },
});
