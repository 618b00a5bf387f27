import { z } from 'zod';
import { CARRIER_SEND_TYPES, type ShippingMethod } from './orders';
import { idSchema } from './schemas';

/**
 * Carriers (docs/rules/catalogue-and-orders-rules.md §3 Carrier, §4 Pickup point check, §5; docs/rules/platform-rules.md §7 /carriers;
 * docs/rules/server-side-rules.md, Carriers). The core has the built-in own carrier; carrier plugins add more
 * through the same server interface.
 */

export type CarrierSendType = (typeof CARRIER_SEND_TYPES)[number];

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
    // Not `.optional()`: an optional key that is absent skips its checks, and the message is required.
    z
      .unknown()
      .refine((v): boolean => v !== undefined, { error: PICKUP_POINT_MSG.methodRequired, abort: true })
      .pipe(idSchema),
  ),
});

/** valid, invalid, or not checkable for that carrier (§4). */
export const PICKUP_POINT_STATUSES = ['true', 'false', 'unknown'] as const;
export const checkPickupPointAnswerSchema = z.object({ status: z.enum(PICKUP_POINT_STATUSES) });
export type CheckPickupPointAnswer = z.infer<typeof checkPickupPointAnswerSchema>;

/** The order's carrier method against its shipping method (docs/rules/catalogue-and-orders-rules.md §2.14, §5). */
export const CARRIER_METHOD_MSG = {
  notFound: 'Metoda przewoźnika: wybrana metoda nie istnieje.',
  personalPickup: 'Metoda przewoźnika: przy odbiorze osobistym nie wybiera się przewoźnika.',
  onlyPickupPoint:
    'Metoda przewoźnika: wybrana metoda dostarcza tylko do punktu odbioru, nie można jej użyć z dostawą na adres.',
  onlyAddress:
    'Metoda przewoźnika: wybrana metoda dostarcza tylko na adres, nie można jej użyć z dostawą do punktu odbioru.',
} as const;

/**
 * Why a carrier method cannot go with a shipping method, or undefined when it can: personal pickup
 * has no carrier; ADDRESS refuses an ONLY_PICKUP_POINT method and PICKUP_POINT an ONLY_ADDRESS
 * one (the edit screen disables those options, §2.14). No method (null) is always allowed.
 */
export function carrierMethodProblem(
  shippingMethod: ShippingMethod,
  sendType: CarrierSendType | null,
): string | undefined {
  if (sendType === null) return undefined;
  if (shippingMethod === 'PERSONAL_PICKUP') return CARRIER_METHOD_MSG.personalPickup;
  if (shippingMethod === 'ADDRESS' && sendType === 'ONLY_PICKUP_POINT') return CARRIER_METHOD_MSG.onlyPickupPoint;
  if (shippingMethod === 'PICKUP_POINT' && sendType === 'ONLY_ADDRESS') return CARRIER_METHOD_MSG.onlyAddress;
  return undefined;
}
