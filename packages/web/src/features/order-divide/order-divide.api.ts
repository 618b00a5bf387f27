import { orderDivideAnswerSchema, type OrderDivide } from '@zaplecze/contract';
import { api } from '@web/platform/api';

/** POST /orders/divide: the id of the new order. */
export async function divideOrder(body: OrderDivide): Promise<number> {
  return (await api.post('/orders/divide', { json: body, schema: orderDivideAnswerSchema })).id;
}
