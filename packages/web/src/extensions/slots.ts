import type { ComponentType } from 'react';
import { useSyncExternalStore } from 'react';
import type { Item, ItemRow, Order } from '@zaplecze/contract';
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
 * A section of the item preview dialog (the items list's row menu 'Podgląd') contributed by a
 * plugin: read-only facts about the item, e.g. the motorcycles it fits.
 */
export interface ItemPreviewSection extends SlotEntry {
  component: ComponentType<{ item: ItemRow }>;
}

/**
 * A filter of the items slide-out search contributed by a plugin. It owns the query parameters
 * named in `params` (e.g. `motoMakeId`): they travel in the list's URL and in `GET /items`, where
 * the plugin's server filter reads them. The component edits their text values.
 */
export interface ItemSearchFilter extends SlotEntry {
  /** Query parameter names, unique to the plugin (prefix them with something of its own). */
  params: readonly string[];
  component: ComponentType<{
    value: Readonly<Record<string, string>>;
    onChange: (value: Record<string, string>) => void;
  }>;
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
  'item.preview.sections': ItemPreviewSection;
  'items.search.filters': ItemSearchFilter;
}

export type SlotName = keyof AppSlots;

/** The one registry of the app. */
export const slots = createSlotRegistry<AppSlots>();

/** The entries of a slot; re-renders when a plugin adds or removes one. */
export function useSlot<K extends SlotName>(slot: K): readonly AppSlots[K][] {
  return useSyncExternalStore(slots.subscribe, () => slots.list(slot));
}
