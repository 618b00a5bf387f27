import { CARRIER_METHOD_MSG, carrierMethodProblem, type ShippingMethod } from '@zaplecze/contract';
import type { AuthContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { orderCarrierMethod, type OrderCarrierMethod } from '../carriers';

/** The method asked for: as the carriers module knows it, or `{id, missing: true}` for an unknown id. */
export type RequestedCarrierMethod = OrderCarrierMethod | { id: number; missing: true };

/**
 * The order's carrier method (docs/decisions.md, Orders: Carriers), looked up before the order's
 * transaction (the carriers module writes its global table through the raw handle).
 */
export async function lookupCarrierMethod(ctx: AuthContext, id: number | null): Promise<RequestedCarrierMethod | null> {
  if (id === null) return null;
  return (await orderCarrierMethod(ctx, id)) ?? { id, missing: true };
}

/**
 * Refuses (400 naming carrierMethodId) an unknown method, a method the organisation cannot choose
 * unless the order already has it (a carrier plugin removed later must not block status or note
 * changes), and a method that does not go with the shipping method (docs/rules/catalogue-and-orders-rules.md §2.14, §5).
 */
export function assertCarrierMethod(
  method: RequestedCarrierMethod | null,
  shippingMethod: ShippingMethod,
  storedId: number | null,
): void {
  if (method === null) return;
  if ('missing' in method || (!method.available && method.id !== storedId))
    throw badRequest(CARRIER_METHOD_MSG.notFound, 'carrierMethodId');
  const problem = carrierMethodProblem(shippingMethod, method.sendType);
  if (problem) throw badRequest(problem, 'carrierMethodId');
}
