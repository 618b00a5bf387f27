import {
  idQuerySchema,
  orderCopySchema,
  orderDivideAnswerSchema,
  orderDivideSchema,
  orderInputSchema,
  orderLookupAnswerSchema,
  orderMassDeleteSchema,
  orderMassEditSchema,
  orderMassResultSchema,
  orderSchema,
  orderSearchSchema,
  ordersAnswerSchema,
  ordersSummaryQuerySchema,
  ordersSummarySchema,
  orderUpdateSchema,
  summaryMainSchema,
} from '@zaplecze/contract';
import { z } from 'zod';
import { sendJsonInPieces } from '../../platform/json-chunks';
import { NO_CONTENT, route } from '../../platform/route';
import { divideOrder } from './orders.divide';
import { massDeleteOrders, massEditOrders } from './orders.mass';
import { ordersSummary, summaryMain } from './orders.summary';
import { copyOrder, createOrder, deleteOrder, getOrders, updateOrder } from './orders.service';

/**
 * Orders (docs/rules/catalogue-and-orders-rules.md §7.4). Reading needs main.order.show, every change main.order.edit
 * (docs/decisions.md, Orders). GET /orders answers one order by id or a page of the search.
 */
export const ordersRoutes = [
  route({
    method: 'GET',
    url: '/orders',
    access: 'main.order.show',
    summary: 'Zamówienia: wyszukiwanie (strona listy) albo jedno (?id=)',
    response: z.union([orderLookupAnswerSchema, ordersAnswerSchema]),
    docs: {
      query: z.union([idQuerySchema, orderSearchSchema]),
      description:
        'Z polem `id` odpowiada całym zamówieniem; bez niego wyszukuje i odpowiada stroną wierszy listy z dokładną liczbą wszystkich pasujących.',
    },
    // The lookup by id and the search are told apart by `id` (orders.service getOrders).
    query: z.record(z.string(), z.unknown()),
    handler: async (ctx, { query }, _req, reply) => {
      const answer = await getOrders(ctx, query);
      // A big page goes out in pieces (platform/json-chunks.ts).
      return 'orders' in answer && answer.orders.length > 1000 ? sendJsonInPieces(reply, answer, 'orders') : answer;
    },
  }),
  route({
    method: 'POST',
    url: '/orders',
    access: 'main.order.edit',
    summary: 'Nowe zamówienie',
    response: orderSchema,
    body: orderInputSchema,
    handler: (ctx, { body }) => createOrder(ctx, body),
  }),
  route({
    method: 'PUT',
    url: '/orders',
    access: 'main.order.edit',
    summary: 'Zmiana zamówienia',
    response: orderSchema,
    body: orderUpdateSchema,
    handler: (ctx, { body }) => updateOrder(ctx, body),
  }),
  route({
    method: 'DELETE',
    url: '/orders',
    access: 'main.order.edit',
    summary: 'Usunięcie zamówienia',
    response: NO_CONTENT,
    query: idQuerySchema,
    handler: (ctx, { query }) => deleteOrder(ctx, query.id),
  }),
  route({
    method: 'POST',
    url: '/orders/copy',
    access: 'main.order.edit',
    summary: 'Kopia zamówienia',
    response: orderSchema,
    body: orderCopySchema,
    handler: (ctx, { body }) => copyOrder(ctx, body.id),
  }),
  route({
    method: 'POST',
    url: '/orders/mass_delete',
    access: 'main.order.edit',
    summary: 'Usunięcie wielu zamówień',
    response: orderMassResultSchema,
    body: orderMassDeleteSchema,
    handler: (ctx, { body }) => massDeleteOrders(ctx, body.ids),
  }),
  route({
    method: 'POST',
    url: '/orders/mass_edit',
    access: 'main.order.edit',
    summary: 'Edycja wielu zamówień (z kluczem idempotencji)',
    response: orderMassResultSchema,
    body: orderMassEditSchema,
    handler: (ctx, { body }) => massEditOrders(ctx, body.ids, body.data, body.idempotencyKey),
  }),
  route({
    method: 'POST',
    url: '/orders/divide',
    access: 'main.order.edit',
    summary: 'Podział zamówienia: wybrane pozycje do nowego zamówienia',
    response: orderDivideAnswerSchema,
    body: orderDivideSchema,
    handler: (ctx, { body }) => divideOrder(ctx, body),
  }),
  route({
    method: 'GET',
    url: '/orders_summary',
    access: 'main.order.summary.show',
    summary: 'Podsumowanie zamówień miesiąca (dzień po dniu)',
    response: ordersSummarySchema,
    query: ordersSummaryQuerySchema,
    handler: (ctx, { query }) => ordersSummary(ctx, query),
  }),
  route({
    method: 'GET',
    url: '/orders/summary_main',
    // Either permission: the order widget's counts need main.order.show, the income figures
    // main.order.summary.show (docs/rules/platform-rules.md §6; summaryMain checks which the user holds).
    access: 'authenticated',
    summary: 'Podsumowanie zamówień na stronę główną (okresy)',
    response: summaryMainSchema,
    docs: {
      description:
        'Liczby zamówień wymagają uprawnienia `main.order.show`, kwoty `main.order.summary.show`; brakujące pola są null.',
    },
    handler: (ctx) => summaryMain(ctx),
  }),
];
