import { describe, expect, it, vi } from 'vitest';
import { createSlotRegistry, type SlotEntry } from './slot-registry';

interface Tile extends SlotEntry {
  label: string;
}
type Slots = { tiles: Tile; other: Tile };

describe('slot registry', () => {
  it('lists an empty slot as an empty array', () => {
    const reg = createSlotRegistry<Slots>();
    expect(reg.list('tiles')).toEqual([]);
  });

  it('sorts by order, then by id, with 100 as the default order', () => {
    const reg = createSlotRegistry<Slots>();
    reg.add('tiles', { id: 'b', label: 'B' });
    reg.add('tiles', { id: 'late', order: 200, label: 'late' });
    reg.add('tiles', { id: 'a', label: 'A' });
    reg.add('tiles', { id: 'first', order: 1, label: 'first' });
    expect(reg.list('tiles').map((t) => t.id)).toEqual(['first', 'a', 'b', 'late']);
    expect(reg.list('other')).toEqual([]);
  });

  it('replaces an entry registered again under the same id', () => {
    const reg = createSlotRegistry<Slots>();
    reg.add('tiles', { id: 'x', label: 'old' });
    reg.add('tiles', { id: 'x', label: 'new' });
    expect(reg.list('tiles').map((t) => t.label)).toEqual(['new']);
  });

  it('keeps the same snapshot until the slot changes', () => {
    const reg = createSlotRegistry<Slots>();
    reg.add('tiles', { id: 'x', label: 'x' });
    const first = reg.list('tiles');
    expect(reg.list('tiles')).toBe(first);
    reg.add('tiles', { id: 'y', label: 'y' });
    expect(reg.list('tiles')).not.toBe(first);
  });

  it('removes only its own entry and tells subscribers about each change', () => {
    const reg = createSlotRegistry<Slots>();
    const listener = vi.fn();
    const unsubscribe = reg.subscribe(listener);
    const removeOld = reg.add('tiles', { id: 'x', label: 'old' });
    reg.add('tiles', { id: 'x', label: 'new' });
    removeOld(); // replaced already: must not remove the newer entry
    expect(reg.list('tiles').map((t) => t.label)).toEqual(['new']);
    expect(listener).toHaveBeenCalledTimes(2);

    const removeY = reg.add('tiles', { id: 'y', label: 'y' });
    removeY();
    expect(reg.list('tiles').map((t) => t.id)).toEqual(['x']);
    expect(listener).toHaveBeenCalledTimes(4);

    unsubscribe();
    reg.add('tiles', { id: 'z', label: 'z' });
    expect(listener).toHaveBeenCalledTimes(4);
  });
});
