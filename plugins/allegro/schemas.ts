import { z } from 'zod';

/** Wire shapes of the allegro plugin's routes (docs/plugins.md, "Plugin: allegro"), shared with its web part. */

export const FULFILLMENT_STATUSES = [
  'NEW',
  'PROCESSING',
  'READY_FOR_SHIPMENT',
  'READY_FOR_PICKUP',
  'SENT',
  'PICKED_UP',
  'CANCELLED',
  'SUSPENDED',
] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

/** Polish names of Allegro's fulfilment statuses (the mapping screen). */
export const FULFILLMENT_NAMES: Record<FulfillmentStatus, string> = {
  NEW: 'Nowe',
  PROCESSING: 'W realizacji',
  READY_FOR_SHIPMENT: 'Do wysłania',
  READY_FOR_PICKUP: 'Do odbioru',
  SENT: 'Wysłane',
  PICKED_UP: 'Odebrane',
  CANCELLED: 'Anulowane',
  SUSPENDED: 'Wstrzymane',
};

export const connectStateSchema = z.object({
  state: z.enum(['disconnected', 'pending', 'connected', 'reconnect']),
  /** Polish, for the seller: why (e.g. the service's message behind 'reconnect'). */
  message: z.string(),
  userCode: z.string().nullable(),
  verificationUriComplete: z.string().nullable(),
  /** When the pending device code expires (ISO). */
  expiresAt: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type ConnectState = z.infer<typeof connectStateSchema>;

export const connectStartedSchema = z.object({
  state: z.literal('pending'),
  userCode: z.string(),
  verificationUriComplete: z.string(),
  expiresAt: z.string(),
});

export const testConnectionSchema = z.object({ ok: z.boolean(), message: z.string() });
export const syncStartedSchema = z.object({ jobId: z.number() });

const idOrNull = z
  .number({ error: 'Wybierz pozycję z listy.' })
  .int({ error: 'Wybierz pozycję z listy.' })
  .positive({ error: 'Wybierz pozycję z listy.' })
  .max(2_147_483_647, { error: 'Wybierz pozycję z listy.' })
  .nullable();

export const mappingInputSchema = z.object({
  /** Allegro's fulfilment status -> our order status (null: leave the order's status as it is). */
  statusFromAllegro: z
    .partialRecord(z.enum(FULFILLMENT_STATUSES, { error: 'Nieznany status Allegro.' }), idOrNull)
    .default({}),
  /** Our order status (its id as text) -> Allegro's fulfilment status (absent: not sent). */
  statusToAllegro: z
    .record(
      z.string().regex(/^[1-9][0-9]{0,9}$/, { error: 'Nieznany status zamówienia.' }),
      z.enum(FULFILLMENT_STATUSES, { error: 'Nieznany status Allegro.' }).nullable(),
    )
    .default({}),
  /** The income source of imported orders; null: 'Allegro' (created when the organisation lacks it). */
  incomeSourceId: idOrNull.default(null),
  /** Allegro's delivery method id -> our carrier method (null: none). */
  deliveryMethods: z
    .array(z.object({ methodId: z.string().trim().min(1).max(200), carrierMethodId: idOrNull }))
    .max(500, { error: 'Najwyżej 500 metod dostawy.' })
    .default([]),
});
export type MappingInput = z.output<typeof mappingInputSchema>;

export const mappingSchema = z.object({
  statusFromAllegro: z.record(z.string(), z.number().nullable()),
  statusToAllegro: z.record(z.string(), z.string().nullable()),
  incomeSourceId: z.number().nullable(),
  deliveryMethods: z.array(
    z.object({ methodId: z.string(), name: z.string(), carrierMethodId: z.number().nullable() }),
  ),
  /** What the screen offers: our statuses, income sources and carrier methods. */
  orderStatuses: z.array(z.object({ id: z.number(), name: z.string() })),
  incomeSources: z.array(z.object({ id: z.number(), name: z.string() })),
  carrierMethods: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type Mapping = z.infer<typeof mappingSchema>;

export const offerLinkSchema = z.object({
  offerId: z.string(),
  name: z.string(),
  externalId: z.string().nullable(),
  itemId: z.number().nullable(),
  link: z.enum(['auto', 'manual']).nullable(),
  status: z.string(),
  stock: z.number().nullable(),
  price: z.number().nullable(),
  sentQuantity: z.number().nullable(),
  sentPrice: z.number().nullable(),
  lastError: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type OfferLink = z.infer<typeof offerLinkSchema>;
export const offersAnswerSchema = z.object({ offers: z.array(offerLinkSchema) });

export const itemQuerySchema = z.object({
  itemId: z.coerce
    .number({ error: 'Podaj identyfikator towaru.' })
    .int({ error: 'Podaj identyfikator towaru.' })
    .positive({ error: 'Podaj identyfikator towaru.' })
    .max(2_147_483_647, { error: 'Podaj identyfikator towaru.' }),
});

export const linkInputSchema = z.object({
  offerId: z
    .string({ error: 'Podaj numer oferty Allegro.' })
    .trim()
    .regex(/^[0-9]{1,20}$/, { error: 'Numer oferty Allegro to same cyfry.' }),
  /** null: unlink (the offer is no longer linked by hand). */
  itemId: idOrNull,
});

export const widgetSchema = z.object({
  importedToday: z.number(),
  errorsToday: z.number(),
  lastError: z.string().nullable(),
  state: connectStateSchema.shape.state,
});
export type Widget = z.infer<typeof widgetSchema>;
