import type { Fitment } from './api';

/**
 * The item edit section's changed fitment lists, waiting for the item's save: the section writes
 * here (by item id, 'new' for an item being added) and the entry's `afterSave` sends them
 * (`PUT /fitments`). A list nobody changed is not here, so a save leaves its fitments alone.
 */
const drafts = new Map<number | 'new', Fitment[]>();

export const draftKey = (itemId: number | undefined): number | 'new' => itemId ?? 'new';

export const fitmentDrafts = {
  set: (key: number | 'new', list: Fitment[]) => drafts.set(key, list),
  take(key: number | 'new'): Fitment[] | undefined {
    const list = drafts.get(key);
    drafts.delete(key);
    return list;
  },
  drop: (key: number | 'new') => drafts.delete(key),
};
