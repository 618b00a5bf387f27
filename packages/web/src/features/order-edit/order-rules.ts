import {
  PICKUP_POINT_MSG,
  weightSchema,
  type Carrier,
  type CarrierMethodInfo,
  type Order,
  type ShippingMethod,
} from '@zaplecze/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { isIsoDay, isTimeOfDay } from '@web/ui/date-text';
import { NUMBER_RULES, numberProblem } from '@web/ui/number-text';
import { uiText } from '@web/ui/texts';
import { isBlankLine, type OrderFormValues } from './order-form';
import { orderEditText } from './texts';

/**
 * The order form's rules (docs/rules/catalogue-and-orders-rules.md §2.14, §5 Order edit): which delivery fields are
 * active, the carrier choices, the pickup point check's own messages and the form's validation.
 */

type SendType = CarrierMethodInfo['sendType'];

/** The shipping methods a carrier method does not allow (§2.14). */
export function disabledShipping(sendType: SendType | undefined): ReadonlySet<ShippingMethod> {
  if (sendType === 'ONLY_PICKUP_POINT') return new Set(['ADDRESS']);
  if (sendType === 'ONLY_ADDRESS') return new Set(['PICKUP_POINT']);
  return new Set();
}

/**
 * The shipping method to keep when a carrier method is chosen: the current one if allowed,
 * otherwise the one the method allows.
 */
export function allowedShipping(current: ShippingMethod, sendType: SendType | undefined): ShippingMethod {
  if (!disabledShipping(sendType).has(current)) return current;
  return sendType === 'ONLY_PICKUP_POINT' ? 'PICKUP_POINT' : 'ADDRESS';
}

/** Which parts of the delivery section are active for a shipping method (§2.14). */
export function deliveryFields(shipping: ShippingMethod): { address: boolean; pickupPoint: boolean; carrier: boolean } {
  return {
    address: shipping !== 'PERSONAL_PICKUP',
    pickupPoint: shipping === 'PICKUP_POINT',
    carrier: shipping !== 'PERSONAL_PICKUP',
  };
}

/**
 * The carriers to choose from: GET /carriers, plus the order's own carrier method when the list
 * no longer has it (a carrier plugin removed), as the VAT and currency lists keep the order's own.
 */
export function carrierChoices(carriers: readonly Carrier[], own: Order['carrierMethod'] | undefined): Carrier[] {
  const list = carriers.map((c) => ({ ...c, methods: [...c.methods] }));
  if (!own) return list;
  const method: CarrierMethodInfo = { id: own.id, name: own.name, subName: own.subName, sendType: own.sendType };
  const carrier = list.find((c) => c.id === own.carrier.id);
  if (!carrier) return [{ id: own.carrier.id, name: own.carrier.name, methods: [method] }, ...list];
  if (!carrier.methods.some((m) => m.id === own.id)) carrier.methods.unshift(method);
  return list;
}

/** The method chosen in the form, if it is one of the choices. */
export function findMethod(carriers: readonly Carrier[], methodId: string): CarrierMethodInfo | undefined {
  if (methodId === '') return undefined;
  for (const c of carriers) for (const m of c.methods) if (String(m.id) === methodId) return m;
  return undefined;
}

/** §5: the pickup point check's messages, answered before anything is sent (undefined = ask). */
export function pickupCheckProblem(pickupPoint: string, methodId: string): string | undefined {
  if (pickupPoint.trim() === '') return PICKUP_POINT_MSG.pointRequired;
  if (methodId === '') return PICKUP_POINT_MSG.methodRequired;
  return undefined;
}

const isValid = (s: string, rule: Parameters<typeof numberProblem>[1]) => numberProblem(s, rule) === undefined;

/** The form's own rules (§5 Order edit); the contract checks the rest (lengths, e-mail, country). */
export function orderFormSchema() {
  const t = orderEditText();
  const required = (s: string) => s.trim() !== '';
  const issue = (ctx: z.RefinementCtx, path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', message, path });
  return z.custom<OrderFormValues>().superRefine((v, ctx) => {
    // The day as DD.MM.RRRR typed into ui/DateInput, kept as the ISO day (docs/decisions.md, Dates typed the Polish way).
    if (!isIsoDay(v.date)) issue(ctx, ['date'], uiText().dates.invalid);
    if (!isTimeOfDay(v.time)) issue(ctx, ['time'], uiText().dates.timeInvalid);
    if (!required(v.orderStatusId)) issue(ctx, ['orderStatusId'], t.required);
    if (!required(v.incomeSourceId)) issue(ctx, ['incomeSourceId'], t.required);
    if (!required(v.currency)) issue(ctx, ['currency'], t.required);
    if (!isValid(v.deliveryCost, NUMBER_RULES.money)) issue(ctx, ['deliveryCost'], t.amountInvalid);
    if (!required(v.deliveryVat)) issue(ctx, ['deliveryVat'], t.required);
    for (const side of ['sizeA', 'sizeB', 'sizeC'] as const)
      if (!isValid(v[side], NUMBER_RULES.count)) issue(ctx, [side], t.sizeInvalid);
    const weight = weightSchema.safeParse(v.weight);
    if (!required(v.weight) || !weight.success) issue(ctx, ['weight'], weight.error?.issues[0]?.message ?? t.required);
    if (v.shippingMethod !== 'PERSONAL_PICKUP' && v.carrierId !== '' && v.carrierMethodId === '')
      issue(ctx, ['carrierMethodId'], t.delivery.carrierMethodRequired);
    v.items.forEach((l, i) => {
      if (isBlankLine(l)) return;
      if (!isValid(l.price, NUMBER_RULES.money)) issue(ctx, ['items', i, 'price'], t.amountInvalid);
      if (!isValid(l.quantity, NUMBER_RULES.quantity)) issue(ctx, ['items', i, 'quantity'], t.quantityInvalid);
      if (!required(l.vat)) issue(ctx, ['items', i, 'vat'], t.required);
    });
  });
}

export const orderFormResolver = () => zodResolver(orderFormSchema());

/**
 * A body field a 400 (or the contract's check) names, as the form field that shows it:
 * `clientData.email` -> `client.email`, `items.2.price` -> the form row of the third kept line.
 */
export function formFieldOf(field: string | undefined, rows: readonly number[]): string | undefined {
  if (!field) return undefined;
  const parts = field.split('.');
  const [head, ...rest] = parts;
  if (head === 'clientData' && rest.length === 1) return `client.${rest[0]}`;
  if (head === 'invoice' && rest.length === 1) return `invoice.${rest[0]}`;
  if (head === 'items' && rest.length === 2) {
    const row = rows[Number(rest[0])];
    return row === undefined ? undefined : `items.${row}.${rest[1]}`;
  }
  if (head === 'carrierMethodId') return 'carrierMethodId';
  const top = [
    'externalId',
    'orderStatusId',
    'incomeSourceId',
    'currency',
    'messageToSeller',
    'comment',
    'invoiceAnnotations',
    'problem',
    'deliveryCost',
    'deliveryVat',
    'billOfLading',
    'sizeA',
    'sizeB',
    'sizeC',
    'weight',
  ];
  if (head === 'orderDate') return 'date';
  return rest.length === 0 && head !== undefined && top.includes(head) ? head : undefined;
}
