import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addSingleValue, addStockChange, generateMultiples } from '../reader-values';
import { useAddFeedback } from './use-add-feedback';

const toast = vi.hoisted(() => ({ warning: vi.fn(), info: vi.fn() }));
vi.mock('@web/platform/toasts/ToastProvider', () => ({ useToast: () => toast }));

/** docs/rules/platform-rules.md §5 Reader sheets: the refusals, as 8 s warnings; nothing is applied. */
describe('reader sheet refusals', () => {
  const feedback = () => renderHook(() => useAddFeedback()).result.current;

  it.each([
    ['a zero stock change', addStockChange([5], 0, 1), 'Nie można dodać zmiany stanu o zero'],
    ['a repeated value', addSingleValue([500], 500, 10_000), 'Istnieje już taka wartość'],
    ['a step of zero', generateMultiples([], 0, 100, 10_000), 'Wartości muszą być większe od zera!'],
    ['a maximum of zero', generateMultiples([], 100, 0, 10_000), 'Wartości muszą być większe od zera!'],
  ])('%s', (_, result, message) => {
    toast.warning.mockClear();
    const apply = vi.fn();
    expect(feedback()(result, apply, 'range')).toBe(false);
    expect(apply).not.toHaveBeenCalled();
    expect(toast.warning).toHaveBeenCalledWith(expect.any(String), message, 8);
  });

  it('applies an accepted value', () => {
    const apply = vi.fn();
    expect(feedback()(addStockChange([], 3, -1), apply, 'range')).toBe(true);
    expect(apply).toHaveBeenCalledWith([-3]);
  });
});
