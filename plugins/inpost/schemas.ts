/**
 * The inpost plugin's settings, wire shapes and Polish messages (docs/plugins.md, "Plugin:
 * inpost"): imported by the manifest, the server and the web part alike.
 */
import { z } from 'zod';

/** ShipX's hosts (docs/plugins.md, "Plugin: inpost"): production, and the sandbox the form offers. */
export const INPOST_API_URL = 'https://api-shipx-pl.easypack24.net';
export const INPOST_SANDBOX_API_URL = 'https://sandbox-api-shipx-pl.easypack24.net';

/** The ShipX services a parcel locker method may use. */
export const LOCKER_SERVICES = ['inpost_locker_standard', 'inpost_locker_allegro'] as const;
/** The ShipX services the courier method may use. */
export const COURIER_SERVICES = [
  'inpost_courier_standard',
  'inpost_courier_c2c',
  'inpost_courier_allegro',
  'inpost_courier_express_1000',
  'inpost_courier_express_1200',
  'inpost_courier_express_1700',
] as const;
export const SERVICE_NAMES: Record<string, string> = {
  inpost_locker_standard: 'Paczkomat® standard',
  inpost_locker_allegro: 'Paczkomat® Allegro (Allegro Paczkomaty InPost)',
  inpost_courier_standard: 'Kurier standard',
  inpost_courier_c2c: 'Kurier C2C',
  inpost_courier_allegro: 'Kurier Allegro (Allegro Kurier InPost)',
  inpost_courier_express_1000: 'Kurier ekspres do 10:00',
  inpost_courier_express_1200: 'Kurier ekspres do 12:00',
  inpost_courier_express_1700: 'Kurier ekspres do 17:00',
};
export const TEMPLATES = ['small', 'medium', 'large'] as const;
export const TEMPLATE_NAMES: Record<(typeof TEMPLATES)[number], string> = {
  small: 'Gabaryt A (8 × 38 × 64 cm)',
  medium: 'Gabaryt B (19 × 38 × 64 cm)',
  large: 'Gabaryt C (41 × 38 × 64 cm)',
};
export const SENDING_METHODS = ['dispatch_order', 'parcel_locker', 'pop'] as const;

export const INPOST_MSG = {
  apiUrl: 'Adres usługi musi zaczynać się od https://.',
  organizationId: 'Numer organizacji (organization_id) to same cyfry (najwyżej 12).',
  weight: 'Domyślna waga: liczba od 0,1 do 50 kg.',
  noOrganization: 'Podaj numer organizacji ShipX w ustawieniach wtyczki InPost.',
  noToken: 'Podaj token API ShipX w ustawieniach wtyczki InPost (Manager Paczek → Moje konto → API).',
  noPoint: 'Wybierz paczkomat dla zamówienia (kod punktu, np. KRA010).',
  noContact: 'Paczkomat wymaga telefonu komórkowego (9 cyfr) i e-maila odbiorcy.',
  noParcels: 'Brak paczek InPost do odbioru przez kuriera z tego dnia.',
  statusMissing: 'Nie ma takiego statusu zamówienia.',
} as const;

const statusId = z
  .number({ error: INPOST_MSG.statusMissing })
  .int({ error: INPOST_MSG.statusMissing })
  .positive({ error: INPOST_MSG.statusMissing })
  .nullable();

/** The non-secret settings (the secret `token` is the manifest's). */
export const inpostSettingsSchema = z.object({
  apiUrl: z
    .string({ error: INPOST_MSG.apiUrl })
    .trim()
    .max(200, { error: 'Adres usługi może mieć najwyżej 200 znaków.' })
    .refine((s) => /^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(s), { error: INPOST_MSG.apiUrl })
    .default(INPOST_API_URL),
  organizationId: z
    .string()
    .trim()
    .regex(/^\d{0,12}$/, { error: INPOST_MSG.organizationId })
    .default(''),
  lockerService: z
    .enum(LOCKER_SERVICES, { error: 'Wybierz usługę paczkomatową z listy.' })
    .default('inpost_locker_standard'),
  courierService: z
    .enum(COURIER_SERVICES, { error: 'Wybierz usługę kurierską z listy.' })
    .default('inpost_courier_standard'),
  lockerTemplate: z.enum(TEMPLATES, { error: 'Gabaryt: A, B albo C.' }).default('small'),
  sendingMethod: z.enum(SENDING_METHODS, { error: 'Wybierz sposób nadania z listy.' }).default('dispatch_order'),
  labelType: z.enum(['A6', 'normal'], { error: 'Format etykiety: A6 albo A4.' }).default('A6'),
  defaultWeightKg: z
    .number({ error: INPOST_MSG.weight })
    .min(0.1, { error: INPOST_MSG.weight })
    .max(50, { error: INPOST_MSG.weight })
    .default(1),
  /** The order status set when InPost reports the parcel delivered (null: none). */
  deliveredStatusId: statusId.default(null),
});
export type InpostSettings = z.infer<typeof inpostSettingsSchema>;

const isoDay = (error: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error });
export const dayQuerySchema = z.object({ date: isoDay('Data w formacie RRRR-MM-DD.').optional() });

export const parcelSchema = z.object({
  orderId: z.number(),
  /** 'locker' | 'courier' */
  method: z.string(),
  service: z.string(),
  shipmentId: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** ShipX's status name (e.g. created, confirmed, taken_by_courier, delivered). */
  status: z.string(),
  sendingMethod: z.string(),
  createdAt: z.string(),
  dispatchOrder: z.string().nullable(),
});
export type InpostParcel = z.infer<typeof parcelSchema>;
export const parcelsAnswerSchema = z.object({ date: z.string(), parcels: z.array(parcelSchema) });

const text = (label: string, max: number) =>
  z
    .string({ error: `Podaj: ${label}.` })
    .trim()
    .min(1, { error: `Podaj: ${label}.` })
    .max(max, { error: `${label}: najwyżej ${max} znaków.` });

export const dispatchOrderBodySchema = z.object({
  date: isoDay('Data w formacie RRRR-MM-DD.'),
  street: text('ulica', 100),
  buildingNumber: text('numer budynku', 20),
  city: text('miejscowość', 100),
  postCode: z
    .string({ error: 'Kod pocztowy w formacie 00-000.' })
    .trim()
    .regex(/^\d{2}-\d{3}$/, { error: 'Kod pocztowy w formacie 00-000.' }),
  comment: z.string().trim().max(100, { error: 'Uwagi dla kuriera: najwyżej 100 znaków.' }).default(''),
});
export type DispatchOrderBody = z.input<typeof dispatchOrderBodySchema>;
export const dispatchOrderAnswerSchema = z.object({ dispatchOrderId: z.string(), parcels: z.number() });

export const referencesAnswerSchema = z.object({
  orderStatuses: z.array(z.object({ id: z.number(), name: z.string() })),
});
