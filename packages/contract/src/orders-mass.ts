import { z } from 'zod';
import { strictNumber } from './numbers';
import { moneySchema } from './money';
import { vatSchema } from './vat';
import { idSchema } from './schemas';

/**
 * Order mass calls and the split (docs/rules/catalogue-and-orders-rules.md §2.15, §2.16, §3 Split request, Mass
 * results, §5 Split and Order mass edit, §7.4, §9: batches of 100).
 */

export const ORDER_MASS_BATCH_MAX = 100;

export const ORDER_MASS_MSG = {
  idsRequired: 'Nie wybrano zamówień.',
  massTooMany: `Jedno wywołanie może objąć najwyżej ${ORDER_MASS_BATCH_MAX} zamówień.`,
  nothingToEdit: 'Nie wybrano pól do masowej edycji.',
  nothingToMove: 'Wybierz co najmniej jedną pozycję do przeniesienia.',
  moveCountInvalid: 'Liczba do przeniesienia musi być liczbą całkowitą od 0 do ilości w zamówieniu.',
} as const;

const idsSchema = z
  .array(idSchema)
  .min(1, { error: ORDER_MASS_MSG.idsRequired })
  .max(ORDER_MASS_BATCH_MAX, { error: ORDER_MASS_MSG.massTooMany });

/** POST /orders/mass_delete. */
export const orderMassDeleteSchema = z.object({ ids: idsSchema });

/** POST /orders/mass_edit data: only the fields the user ticked are present (§2.16). */
export const orderMassEditDataSchema = z
  .object({
    deliveryCost: moneySchema.optional(),
    deliveryVat: vatSchema.optional(),
    orderStatusId: idSchema.optional(),
    incomeSourceId: idSchema.optional(),
  })
  .refine((d) => Object.values(d).some((v) => v !== undefined), { error: ORDER_MASS_MSG.nothingToEdit });
export type OrderMassEditData = z.input<typeof orderMassEditDataSchema>;

export const orderMassEditSchema = z.object({
  ids: idsSchema,
  data: orderMassEditDataSchema,
  /** A retried batch with the same key is answered from the first run, not applied twice. */
  idempotencyKey: z.string().trim().min(8).max(100).optional(),
});
export type OrderMassEdit = z.input<typeof orderMassEditSchema>;

/** Mass results of orders: ok ids, errors by id with the reason, ids not found. */
export const orderMassResultSchema = z.object({
  ok: z.array(z.number()),
  err: z.array(z.object({ id: z.number(), reason: z.string() })),
  notFound: z.array(z.number()),
});
export type OrderMassResult = z.infer<typeof orderMassResultSchema>;

/**
 * POST /orders/divide (§3 Split request: `itemsToMove` of `code` and `count`). An entry names a
 * line by `lineId`, or by `code` alone as the spec's request does; a code on several lines takes
 * the count from those lines in their order (docs/decisions.md, Orders, Split). With both, the
 * code must be the line's code.
 */
export const orderDivideSchema = z.object({
  orderId: idSchema,
  oldDeliveryCost: moneySchema,
  newDeliveryCost: moneySchema,
  itemsToMove: z
    .array(
      z.object({
        lineId: idSchema.optional(),
        code: z.string().trim().max(200).default(''),
        count: strictNumber(
          z
            .number({ error: ORDER_MASS_MSG.moveCountInvalid })
            .int({ error: ORDER_MASS_MSG.moveCountInvalid })
            .min(0, { error: ORDER_MASS_MSG.moveCountInvalid }),
        ),
      }),
    )
    .max(1000)
    .refine((l) => l.some((m) => m.count > 0), { error: ORDER_MASS_MSG.nothingToMove }),
});
export type OrderDivide = z.input<typeof orderDivideSchema>;
export const orderDivideAnswerSchema = z.object({ id: z.number() });
