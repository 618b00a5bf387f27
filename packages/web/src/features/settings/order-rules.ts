import { readBooleanOption } from '@zaplecze/contract';

/** The three switches of settings/orders (docs/rules/platform-rules.md §2 Order settings). */
export const ORDER_KEYS = ['WAREHOUSE_AUTO_COMMIT', 'WAREHOUSE_SKIP_ZERO_MINUS', 'WAREHOUSE_SKIP_ZERO_PLUS'] as const;
export type OrderKey = (typeof ORDER_KEYS)[number];
export type OrderFlags = Record<OrderKey, boolean>;

export function orderFlagsFromOptions(values: Record<OrderKey, string>): OrderFlags {
  return {
    WAREHOUSE_AUTO_COMMIT: readBooleanOption(values.WAREHOUSE_AUTO_COMMIT),
    WAREHOUSE_SKIP_ZERO_MINUS: readBooleanOption(values.WAREHOUSE_SKIP_ZERO_MINUS),
    WAREHOUSE_SKIP_ZERO_PLUS: readBooleanOption(values.WAREHOUSE_SKIP_ZERO_PLUS),
  };
}

/** Only one of the two zero-stock skips on can miscount stock when an order is edited. */
export function skipOptionsMismatch(flags: OrderFlags): boolean {
  return flags.WAREHOUSE_SKIP_ZERO_MINUS !== flags.WAREHOUSE_SKIP_ZERO_PLUS;
}
