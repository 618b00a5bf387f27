import {
  cancelShipmentSchema,
  orderPrintLogQuerySchema,
  orderShipmentAnswerSchema,
  orderPrintResultSchema,
  printBolAnswerSchema,
  printBolManySchema,
  printBolSchema,
  printLabelAnswerSchema,
  printLabelManySchema,
  printLabelSchema,
} from '@zaplecze/contract';
import { route } from '../../platform/route';
import { printLabel, printLabelMany } from './labels';
import { cancelOrderShipment, orderShipment } from './shipments';
import { printBol, printBolMany } from './waybills';

/**
 * Dispatch with waybills and temporary labels (docs/rules/catalogue-and-orders-rules.md §7.4 `print_bol`, `print_label`;
 * docs/decisions.md, Documents: Waybills and labels). Both change or log the order: main.order.edit.
 */
export const waybillsRoutes = [
  route({
    method: 'POST',
    url: '/orders/print_bol',
    access: 'main.order.edit',
    summary: 'Wysyłka zamówienia: list przewozowy (PDF base64)',
    response: printBolAnswerSchema,
    body: printBolSchema,
    handler: (ctx, { body }) => printBol(ctx, body),
  }),
  route({
    method: 'POST',
    url: '/orders/print_bol_many',
    access: 'main.order.edit',
    summary: 'Wysyłka wielu zamówień: listy przewozowe w jednym PDF',
    response: orderPrintResultSchema,
    body: printBolManySchema,
    handler: (ctx, { body }) => printBolMany(ctx, body),
  }),
  route({
    method: 'GET',
    url: '/orders/shipment',
    access: 'main.order.show',
    summary: 'Przesyłka zamówienia: przewoźnik, list przewozowy i stan paczki',
    response: orderShipmentAnswerSchema,
    query: orderPrintLogQuerySchema,
    handler: (ctx, { query }) => orderShipment(ctx, query.orderId),
  }),
  route({
    method: 'POST',
    url: '/orders/cancel_shipment',
    access: 'main.order.edit',
    summary: 'Anulowanie przesyłki, której przewoźnik jeszcze nie odebrał',
    response: orderShipmentAnswerSchema,
    body: cancelShipmentSchema,
    handler: (ctx, { body }) => cancelOrderShipment(ctx, body.orderId),
  }),
  route({
    method: 'POST',
    url: '/orders/print_label',
    access: 'main.order.edit',
    summary: 'Etykieta tymczasowa zamówienia (PDF base64)',
    response: printLabelAnswerSchema,
    body: printLabelSchema,
    handler: (ctx, { body }) => printLabel(ctx, body),
  }),
  route({
    method: 'POST',
    url: '/orders/print_label_many',
    access: 'main.order.edit',
    summary: 'Etykiety tymczasowe wielu zamówień w jednym PDF',
    response: orderPrintResultSchema,
    body: printLabelManySchema,
    handler: (ctx, { body }) => printLabelMany(ctx, body),
  }),
];
