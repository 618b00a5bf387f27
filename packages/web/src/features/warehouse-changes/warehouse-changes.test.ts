import { WAREHOUSE_CHANGE_TYPE_NAMES } from '@zaplecze/contract';
import { describe, expect, it, vi } from 'vitest';
import { readUrlState, writeUrlState } from '@web/ui/url-state/url-state';
import { commitInOrder } from './bulk-commit';
import { formatDateTime, formatQuantity, formatStockChange } from './format';
import { warehouseChangesMessages } from './messages.pl';
import { currentMonth, monthOptions, parseYear, warehouseSearchSchema } from './month';

describe('quantity and stock change', () => {
  it('writes 0 and more with a plus, less than 0 with a minus and the absolute value', () => {
    expect(formatQuantity(5)).toBe('+5');
    expect(formatQuantity(0)).toBe('+0');
    expect(formatQuantity(-3)).toBe('-3');
    expect(formatQuantity(-1_000)).toBe('-1000');
  });

  it("shows 'before → after' only when both are known", () => {
    expect(formatStockChange(5, 3)).toBe('5 → 3');
    expect(formatStockChange(0, 0)).toBe('0 → 0');
    expect(formatStockChange(null, null)).toBe('');
    expect(formatStockChange(5, null)).toBe('');
  });

  it('writes dates in local time the Polish way, DD.MM.RRRR GG:MM:SS', () => {
    const local = new Date(2026, 10, 3, 7, 5, 9);
    expect(formatDateTime(local.toISOString())).toBe('03.11.2026 07:05:09');
    expect(formatDateTime(local.toISOString(), false)).toBe('03.11.2026 07:05');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('nie-data')).toBe('nie-data');
  });
});

describe('months and years', () => {
  it('has the 12 Polish month names, January first', () => {
    const options = monthOptions(warehouseChangesMessages.months);
    expect(options).toHaveLength(12);
    expect(options[0]).toEqual({ value: 1, label: 'Styczeń' });
    expect(options[11]).toEqual({ value: 12, label: 'Grudzień' });
  });

  it('accepts whole years from 2000 to 3000', () => {
    expect(parseYear('2026')).toBe(2026);
    expect(parseYear(' 2000 ')).toBe(2000);
    expect(parseYear('3000')).toBe(3000);
    for (const bad of ['1999', '3001', '2026.5', '', 'abc', '-2026']) expect(parseYear(bad)).toBeUndefined();
  });

  it('defaults the URL to the current month and writes nothing for it', () => {
    const now = currentMonth();
    const value = readUrlState(warehouseSearchSchema, new URLSearchParams(''));
    expect(value).toEqual({ ...now, page: 1, perPage: 1000 });
    expect(writeUrlState(warehouseSearchSchema, value).toString()).toBe('');
    expect(currentMonth(new Date(2024, 0, 31))).toEqual({ year: 2024, month: 1 });
  });

  it('reads a month from the URL; a bad field falls back alone', () => {
    const value = readUrlState(warehouseSearchSchema, new URLSearchParams('year=2025&month=13&page=3'));
    expect(value).toEqual({ year: 2025, month: currentMonth().month, page: 3, perPage: 1000 });
  });
});

describe('types', () => {
  it('are named as in the CSV export', () => {
    expect(warehouseChangesMessages.types).toEqual(WAREHOUSE_CHANGE_TYPE_NAMES);
  });
});

describe('bulk commit', () => {
  it('commits one by one in ascending id order and reports each failure with its id', async () => {
    const calls: number[] = [];
    let running = 0;
    const commit = vi.fn(async (id: number) => {
      running += 1;
      expect(running).toBe(1);
      calls.push(id);
      await new Promise((r) => setTimeout(r, 1));
      running -= 1;
      if (id === 7 || id === 12) throw new Error(`Zmiana ${id} jest już zatwierdzona.`);
    });
    const errors: { id: number; message: string }[] = [];
    const result = await commitInOrder(
      [12, 3, 7, 30, 3],
      commit,
      (f) => errors.push(f),
      (e) => (e as Error).message,
    );
    expect(calls).toEqual([3, 7, 12, 30]);
    expect(errors).toEqual([
      { id: 7, message: 'Zmiana 7 jest już zatwierdzona.' },
      { id: 12, message: 'Zmiana 12 jest już zatwierdzona.' },
    ]);
    expect(result).toEqual({ committed: [3, 30], failed: errors });
  });

  it('does nothing for an empty selection', async () => {
    const commit = vi.fn(async () => undefined);
    expect(await commitInOrder([], commit, () => undefined, String)).toEqual({ committed: [], failed: [] });
    expect(commit).not.toHaveBeenCalled();
  });
});
