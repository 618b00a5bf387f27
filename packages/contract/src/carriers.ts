import { z } from 'zod';
import { CARRIER_SEND_TYPES } from './orders';
import { idSchema } from './schemas';

/**
 * Carriers (goods-and-orders.md §3 Carrier, §4 Pickup point check, §5; platform.md §7 /carriers;
 * server-rules.md, Carriers). The core has the built-in own carrier; carrier plugins add more
 * through the same server interface.
 */

export const carrierMethodInfoSchema = z.object({
  id: z.number(),
  name: z.string(),
  subName: z.string(),
  sendType: z.enum(CARRIER_SEND_TYPES),
});
export type CarrierMethodInfo = z.infer<typeof carrierMethodInfoSchema>;

export const carrierSchema = z.object({ id: z.string(), name: z.string(), methods: z.array(carrierMethodInfoSchema) });
export type Carrier = z.infer<typeof carrierSchema>;
export const carriersAnswerSchema = z.object({ carriers: z.array(carrierSchema) });
export type CarriersAnswer = z.infer<typeof carriersAnswerSchema>;

/** §5 Pickup point check messages. */
export const PICKUP_POINT_MSG = {
  pointRequired: 'Brak wpisanego punktu odbioru',
  methodRequired: 'Nie wybrano przewoźnika w celu sprawdzenia poprawności punktu odbioru',
} as const;

export const checkPickupPointQuerySchema = z.object({
  pickupPoint: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z.string().trim().min(1, { error: PICKUP_POINT_MSG.pointRequired }).max(200),
  ),
  methodId: z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    idSchema.optional().refine((v) => v !== undefined, { error: PICKUP_POINT_MSG.methodRequired }),
  ),
});

/** valid, invalid, or not checkable for that carrier (§4). */
export const PICKUP_POINT_STATUSES = ['true', 'false', 'unknown'] as const;
export const checkPickupPointAnswerSchema = z.object({ status: z.enum(PICKUP_POINT_STATUSES) });
export type CheckPickupPointAnswer = z.infer<typeof checkPickupPointAnswerSchema>;
