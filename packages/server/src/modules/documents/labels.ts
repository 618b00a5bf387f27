import {
  encodeReaderCode,
  type Order,
  type OrderPrintResult,
  type PrintLabelAnswer,
  type printLabelManySchema,
  type printLabelSchema,
} from '@zaplecze/contract';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { getOrder } from '../orders';
import { renderLabels, type TemporaryLabel } from './label-pdf';
import { recordOrderPrints } from './print-log';
import { LABEL_TEXT } from './waybills.messages.pl';

const join = (...parts: string[]) => parts.filter((p) => p !== '').join(' ');

/** The temporary label's content (docs/decisions.md, Documents: Waybills and labels). */
export function temporaryLabelOf(order: Order, now: Date): TemporaryLabel {
  const c = order.clientData;
  const pickup = order.shippingMethod === 'PICKUP_POINT';
  const names = [c.nameSurname || c.companyName, ...(c.nameSurname && c.companyName ? [c.companyName] : [])];
  const address =
    order.shippingMethod === 'ADDRESS'
      ? [join(c.street, c.buildNr), join(c.postCode, c.city, c.countryCode.toUpperCase() === 'PL' ? '' : c.countryCode)]
      : [];
  const shipping =
    order.shippingMethod === 'PERSONAL_PICKUP'
      ? LABEL_TEXT.personalPickup
      : order.carrierMethod
        ? `${order.carrierMethod.carrier.name} – ${order.carrierMethod.name}`
        : LABEL_TEXT.noCarrier;
  return {
    orderId: order.id,
    code: encodeReaderCode({ kind: 'order', id: order.id }),
    date: now.toISOString(),
    receiver: [...names, ...address].filter((l) => l !== ''),
    receiverContact: join(c.tel ? `tel. ${c.tel}` : '', c.email),
    pickupPoint: pickup ? c.pickupPoint : '',
    shipping,
    lines: order.items.map((l) => ({ quantity: l.quantity, code: l.code, name: l.name })),
  };
}

/** Renders the orders' temporary labels and logs them (LABEL), once the PDF exists. */
async function print(ctx: AuthContext, orders: readonly Order[], format: 'A4' | 'A6'): Promise<string> {
  const now = ctx.deps.now();
  const pdf = await renderLabels(
    LABEL_TEXT.labelsTitle,
    orders.map((o) => ({ kind: 'temporary', label: temporaryLabelOf(o, now) })),
    format,
  );
  await ctx.tdb.transaction((tdb) =>
    recordOrderPrints(
      tdb,
      orders.map((o) => ({ orderId: o.id, user: ctx.user.login, kind: 'LABEL', format })),
      now,
    ),
  );
  return pdf.toString('base64');
}

/** POST /orders/print_label: the order's temporary A6 label (A4: on a quarter of the page). */
export async function printLabel(ctx: AuthContext, body: z.output<typeof printLabelSchema>): Promise<PrintLabelAnswer> {
  const order = await getOrder(ctx.tdb, body.orderId);
  return { pdf: await print(ctx, [order], body.format) };
}

/** POST /orders/print_label_many: one PDF of the orders' labels in the order asked. */
export async function printLabelMany(
  ctx: AuthContext,
  body: z.output<typeof printLabelManySchema>,
): Promise<OrderPrintResult> {
  const result: OrderPrintResult = { pdf: null, ok: [], err: [], notFound: [] };
  const orders: Order[] = [];
  for (const id of new Set(body.ids)) {
    try {
      orders.push(await getOrder(ctx.tdb, id));
      result.ok.push(id);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404) result.notFound.push(id);
      else throw err;
    }
  }
  if (orders.length > 0) result.pdf = await print(ctx, orders, body.format);
  return result;
}
