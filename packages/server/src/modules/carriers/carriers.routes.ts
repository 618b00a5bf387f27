import { carriersAnswerSchema, checkPickupPointAnswerSchema, checkPickupPointQuerySchema } from '@zaplecze/contract';
import { route } from '../../platform/route';
import { checkPickupPoint, listCarriers } from './carriers.service';

/**
 * Carriers (docs/rules/catalogue-and-orders-rules.md §7.4): the list and the pickup point check. Both only read, so
 * both need main.order.show, like reading orders (docs/decisions.md, Orders: Carriers).
 */
export const carriersRoutes = [
  route({
    method: 'GET',
    url: '/carriers',
    access: 'main.order.show',
    summary: 'Przewoźnicy i ich metody wysyłki',
    response: carriersAnswerSchema,
    handler: (ctx) => listCarriers(ctx),
  }),
  route({
    method: 'GET',
    url: '/check_pickup_point',
    access: 'main.order.show',
    summary: 'Sprawdzenie punktu odbioru u przewoźnika metody',
    response: checkPickupPointAnswerSchema,
    query: checkPickupPointQuerySchema,
    handler: (ctx, { query }, req) =>
      checkPickupPoint(ctx, { pickupPoint: query.pickupPoint, methodId: query.methodId }, (err, carrierId) =>
        req.log.warn({ carrierId, err: err instanceof Error ? err.message : String(err) }, 'pickup point check failed'),
      ),
  }),
];
