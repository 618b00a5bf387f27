import { z } from 'zod';

/**
 * The hand-over from the order list to /orders/mass-edit, as the items do it: the list stores the
 * selected ids (in list order) in session storage under this key, the mass edit page reads them.
 */
export const ORDERS_MASS_EDIT_SELECTION_KEY = 'orders.massEdit.selection';

const selectionSchema = z.object({ ids: z.array(z.number().int().positive()) });

export function storeOrdersSelection(storage: Pick<Storage, 'setItem'>, ids: readonly number[]): void {
  storage.setItem(ORDERS_MASS_EDIT_SELECTION_KEY, JSON.stringify({ ids }));
}

/** The selected ids; none when the value is missing or malformed. */
export function readOrdersSelection(storage: Pick<Storage, 'getItem'> = sessionStorage): number[] {
  try {
    const parsed = selectionSchema.safeParse(JSON.parse(storage.getItem(ORDERS_MASS_EDIT_SELECTION_KEY) ?? 'null'));
    return parsed.success ? parsed.data.ids : [];
  } catch {
    return [];
  }
}
