/** Anything a slot holds has a stable id: registering the same id again replaces the entry. */
export interface SlotEntry {
  id: string;
  /** Lower comes first; entries with the same order are sorted by id. Default 100. */
  order?: number;
}

export const DEFAULT_SLOT_ORDER = 100;

/**
 * A registry of named extension slots (docs/ARCHITECTURE.md, extensions/): the core and plugins add entries, screens
 * read them. `Slots` maps each slot name to the type of its entries, so a wrong entry does not
 * compile. Framework-free, so it is testable and usable outside React.
 */
export interface SlotRegistry<Slots extends { [K in keyof Slots]: SlotEntry }> {
  /** Adds (or replaces, by id) an entry; the returned function removes exactly that entry. */
  add<K extends keyof Slots>(slot: K, entry: Slots[K]): () => void;
  /** The entries of a slot, sorted; the same array instance until the slot changes. */
  list<K extends keyof Slots>(slot: K): readonly Slots[K][];
  /** Called after any change; answers the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

const EMPTY: readonly never[] = Object.freeze([]);

function byOrderThenId(a: SlotEntry, b: SlotEntry): number {
  const diff = (a.order ?? DEFAULT_SLOT_ORDER) - (b.order ?? DEFAULT_SLOT_ORDER);
  return diff !== 0 ? diff : a.id.localeCompare(b.id);
}

export function createSlotRegistry<Slots extends { [K in keyof Slots]: SlotEntry }>(): SlotRegistry<Slots> {
  const entries = new Map<keyof Slots, Map<string, SlotEntry>>();
  // Sorted snapshots, rebuilt only after a change: React's useSyncExternalStore needs stable results.
  const snapshots = new Map<keyof Slots, readonly SlotEntry[]>();
  const listeners = new Set<() => void>();

  const changed = (slot: keyof Slots) => {
    snapshots.delete(slot);
    for (const l of [...listeners]) l();
  };

  return {
    add(slot, entry) {
      const map = entries.get(slot) ?? new Map<string, SlotEntry>();
      entries.set(slot, map);
      map.set(entry.id, entry);
      changed(slot);
      return () => {
        // a later registration under the same id is not ours to remove
        if (map.get(entry.id) !== entry) return;
        map.delete(entry.id);
        changed(slot);
      };
    },
    list<K extends keyof Slots>(slot: K): readonly Slots[K][] {
      let snap = snapshots.get(slot);
      if (!snap) {
        const map = entries.get(slot);
        snap = map && map.size > 0 ? Object.freeze([...map.values()].sort(byOrderThenId)) : EMPTY;
        snapshots.set(slot, snap);
      }
      // entries of slot K were added only through add(K, Slots[K])
      return snap as readonly Slots[K][];
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
