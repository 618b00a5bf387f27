/**
 * The hand-over to the mass edit page (/items/mass-edit): the list stores the selection in session
 * storage under this key as {"ids": number[], "codes": string[]}, the mass edit page reads it.
 */
export const MASS_EDIT_SELECTION_KEY = 'items.massEdit.selection';

export interface MassEditSelection {
  ids: number[];
  codes: string[];
}

export function storeMassEditSelection(storage: Storage, selection: MassEditSelection): void {
  storage.setItem(MASS_EDIT_SELECTION_KEY, JSON.stringify({ ids: selection.ids, codes: selection.codes }));
}
