import { buyerInfoAnswerSchema, buyerInfoQuerySchema } from '@zaplecze/contract';
import { route } from '../../platform/route';
import { buyerInfo } from './orders.buyer';

/** The public buyer page's lookup (docs/rules/platform-rules.md §7: GET /order_buyer_info with p and uuid). */
export const buyerRoutes = [
  route({
    method: 'GET',
    url: '/order_buyer_info',
    access: 'public',
    summary: 'Strona kupującego: zamówienie po identyfikatorze organizacji i uuid (publiczne)',
    response: buyerInfoAnswerSchema,
    query: buyerInfoQuerySchema,
    handler: async (ctx, { query }, _req, reply) => {
      // The buyer's address and phone: no shared cache may keep them.
      reply.header('cache-control', 'no-store');
      return buyerInfo(ctx, query);
    },
  }),
];
