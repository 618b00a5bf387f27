import { readBooleanOption, type Option } from '@zaplecze/contract';

/** The options of the dispatch settings under the order statuses (docs/rules/catalogue-and-orders-rules.md §2.12). */
export const DISPATCH_KEYS = [
  'ORDER_STATUS_AFTER_SIZE_WEIGHT',
  'ORDER_STATUS_AFTER_SEND',
  'AUTO_RESET_AFTER_SEND',
] as const;
export type DispatchKey = (typeof DISPATCH_KEYS)[number];

export interface DispatchSettings {
  /** Order status id as text; '' = off ('---[WYŁĄCZONE]---'). */
  afterSizeWeight: string;
  afterSend: string;
  /** Forget the processed order after dispatch; on unless switched off (docs/rules/catalogue-and-orders-rules.md §9). */
  autoReset: boolean;
}

export function dispatchFromOptions(values: Record<DispatchKey, string>): DispatchSettings {
  return {
    afterSizeWeight: values.ORDER_STATUS_AFTER_SIZE_WEIGHT ?? '',
    afterSend: values.ORDER_STATUS_AFTER_SEND ?? '',
    autoReset: readBooleanOption(values.AUTO_RESET_AFTER_SEND, true),
  };
}

/** The body of the one PUT /options that saves all three. */
export function dispatchToOptions(s: DispatchSettings): Option[] {
  return [
    { key: 'ORDER_STATUS_AFTER_SIZE_WEIGHT', value: s.afterSizeWeight },
    { key: 'ORDER_STATUS_AFTER_SEND', value: s.afterSend },
    { key: 'AUTO_RESET_AFTER_SEND', value: String(s.autoReset) },
  ];
}
