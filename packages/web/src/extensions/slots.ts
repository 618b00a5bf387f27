import type { ComponentType } from 'react';
import { useSyncExternalStore } from 'react';
import type { Item, Order } from '@zaplecze/contract';
import { createSlotRegistry, type SlotEntry } from './slot-registry';

export type { SlotEntry } from './slot-registry';

/** A tile on the home page (docs/rules/platform-rules.md §2 Home): order, income and items summaries, plugin widgets. */
export interface HomeWidget extends SlotEntry {
  /**
   * Permission keys the user needs, all of them, on top of `main.misc.homepage.show` which every
   * widget needs (docs/rules/platform-rules.md §6). Checked with the screens' rule.
   */
  permissions?: readonly string[];
  /** Share of the row on wide screens; one widget per row on phones. Default 'half'. */
  width?: 'third' | 'half' | 'full';
  /** Fetches and shows its own data; may be `React.lazy` to keep the home chunk small. */
  component: ComponentType;
}

/**
 * A section of the item edit page contributed by a plugin (docs/rules/catalogue-and-orders-rules.md §4): drawn after
 * the item loads, below the core sections; `afterSave` runs after the item is saved, before the
 * page leaves (a failure keeps the user on the page).
 */
export interface ItemEditSection extends SlotEntry {
  /** The saved item, or undefined while a new item is being added. */
  component: ComponentType<{ item: Item | undefined }>;
  afterSave?: (item: Item) => Promise<void>;
}

/** A component of the items mass edit page contributed by a plugin; gets the selected ids. */
export interface ItemsMassEditSection extends SlotEntry {
  component: ComponentType<{ ids: readonly number[] }>;
}

/**
 * A section of the order edit page contributed by a plugin (docs/rules/catalogue-and-orders-rules.md §2.14: optional
 * plugin components): drawn below the core sections once the order has loaded; `afterSave` runs
 * after the order is saved, before the page leaves (a failure keeps the user on the page).
 */
export interface OrderEditSection extends SlotEntry {
  /** The stored order, or undefined while a new order is being added. */
  component: ComponentType<{ order: Order | undefined }>;
  afterSave?: (order: Order) => Promise<void>;
}

/**
 * Every named slot and the type of its entries. Later features add a slot here with its entry type;
 * the core and plugins then fill it with `slots.add(...)`.
 */
export interface AppSlots {
  'home.widgets': HomeWidget;
  'item.edit.sections': ItemEditSection;
  'items.massEdit.sections': ItemsMassEditSection;
  'order.edit.sections': OrderEditSection;
}

export type SlotName = keyof AppSlots;

/** The one registry of the app. */
export const slots = createSlotRegistry<AppSlots>();

/** The entries of a slot; re-renders when a plugin adds or removes one. */
export function useSlot<K extends SlotName>(slot: K): readonly AppSlots[K][] {
  return useSyncExternalStore(slots.subscribe, () => slots.list(slot));
}
