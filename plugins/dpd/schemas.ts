import { z } from 'zod';

/** The dpd plugin's own calls (docs/plugins.md, "Plugin: dpd"): shared by the server and the web. */
const isoDay = (error: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error });

export const dayQuerySchema = z.object({ date: isoDay('Data w formacie RRRR-MM-DD.').optional() });

export const parcelSchema = z.object({
  orderId: z.number(),
  waybill: z.string(),
  /** 'courier' | 'pickup' */
  method: z.string(),
  weightGrams: z.number(),
  createdAt: z.string(),
  protocolAt: z.string().nullable(),
  pickupOrder: z.string().nullable(),
});
export type DpdParcel = z.infer<typeof parcelSchema>;

export const parcelsAnswerSchema = z.object({ date: z.string(), parcels: z.array(parcelSchema) });
export type ParcelsAnswer = z.infer<typeof parcelsAnswerSchema>;

export const pickupBodySchema = z.object({
  date: isoDay('Data odbioru w formacie RRRR-MM-DD.'),
  phone: z
    .string({ error: 'Podaj telefon kontaktowy dla kuriera.' })
    .trim()
    .min(6, { error: 'Podaj telefon kontaktowy dla kuriera.' })
    .max(30, { error: 'Telefon może mieć najwyżej 30 znaków.' }),
  contact: z
    .string({ error: 'Podaj osobę kontaktową.' })
    .trim()
    .min(1, { error: 'Podaj osobę kontaktową.' })
    .max(100, { error: 'Osoba kontaktowa: najwyżej 100 znaków.' }),
  address: z
    .string({ error: 'Podaj adres odbioru.' })
    .trim()
    .min(1, { error: 'Podaj adres odbioru.' })
    .max(100, { error: 'Adres: najwyżej 100 znaków.' }),
  postalCode: z
    .string({ error: 'Podaj kod pocztowy.' })
    .trim()
    .regex(/^\d{2}-?\d{3}$/, { error: 'Kod pocztowy w formacie 00-000.' }),
  city: z
    .string({ error: 'Podaj miejscowość.' })
    .trim()
    .min(1, { error: 'Podaj miejscowość.' })
    .max(50, { error: 'Miejscowość: najwyżej 50 znaków.' }),
});
export type PickupBody = z.input<typeof pickupBodySchema>;

export const pickupAnswerSchema = z.object({ orderNumber: z.string(), parcels: z.number() });
