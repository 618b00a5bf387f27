import { describe, expect, it } from 'vitest';
import { windowRange } from './windowing';

describe('windowRange', () => {
  const base = { viewport: 400, rowHeight: 40, count: 1000, overscan: 5 };

  it('draws the first screen plus overscan while the table is below the top of the screen', () => {
    // 100 px of the table are on screen: rows 0..2, plus 5.
    expect(windowRange({ ...base, offset: -300 })).toEqual({ start: 0, end: 8 });
    expect(windowRange({ ...base, offset: 0 })).toEqual({ start: 0, end: 15 });
  });

  it('follows the scroll position', () => {
    // Rows 100..110 are on screen; 5 more on each side.
    expect(windowRange({ ...base, offset: 4000 })).toEqual({ start: 95, end: 115 });
  });

  it('stays within the list at its end', () => {
    expect(windowRange({ ...base, offset: 39_900 })).toEqual({ start: 992, end: 1000 });
    expect(windowRange({ ...base, offset: 100_000 })).toEqual({ start: 1000, end: 1000 });
  });

  it('draws nothing for an empty list', () => {
    expect(windowRange({ ...base, count: 0, offset: 0 })).toEqual({ start: 0, end: 0 });
  });
});
