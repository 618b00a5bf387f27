import { RECEIPT_PLUGIN_ID } from '@zaplecze/contract';
import { z } from 'zod';
import { api } from '@web/platform/api';
import { usePluginMenu } from '@web/extensions/plugins/plugins.api';

/**
 * Receipts ('paragon') of stationary orders (docs/decisions.md, "Documents: receipts"): issued by
 * the invoicing plugin's route, which the core web calls but never imports (the plugin's
 * `receiptAnswerSchema` in plugins/invoicing/schemas.ts; this is the web's copy of the answer).
 */
export const receiptAnswerSchema = z.object({
  receiptId: z.number(),
  receiptNumber: z.string(),
  orderId: z.number(),
  /** The fiscal printer printed it (within a few seconds of the issue). */
  printed: z.boolean(),
  /** False: the order had its receipt before; this call issued nothing. */
  created: z.boolean(),
  /** Why it is not printed yet (Polish); null when printed or no fiscal printer is installed. */
  printMessage: z.string().nullable(),
});
export type ReceiptAnswer = z.infer<typeof receiptAnswerSchema>;

/** POST /plugins/invoicing/receipts: issues the order's receipt (or answers the one it has). */
export function issueReceipt(orderId: number) {
  return api.post(`/plugins/${RECEIPT_PLUGIN_ID}/receipts`, { json: { orderId }, schema: receiptAnswerSchema });
}

/**
 * Whether this user's organisation issues receipts: the invoicing plugin is in the plugin menu the
 * shell has loaded (installed, working, and the user may open its screens: main.order.edit, what
 * the receipt route needs). False while the menu loads; an install or uninstall refreshes it.
 */
export function useReceiptsEnabled(): boolean {
  const menu = usePluginMenu();
  return menu.data?.some((p) => p.pluginId === RECEIPT_PLUGIN_ID) ?? false;
}
