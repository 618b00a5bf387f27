import { describe, expect, it } from 'vitest';
import { orderFlagsFromOptions, skipOptionsMismatch } from './order-rules';

describe('order settings', () => {
  it("reads 'true' and '1' as on", () => {
    expect(
      orderFlagsFromOptions({
        WAREHOUSE_AUTO_COMMIT: '1',
        WAREHOUSE_SKIP_ZERO_MINUS: 'false',
        WAREHOUSE_SKIP_ZERO_PLUS: 'true',
      }),
    ).toEqual({ WAREHOUSE_AUTO_COMMIT: true, WAREHOUSE_SKIP_ZERO_MINUS: false, WAREHOUSE_SKIP_ZERO_PLUS: true });
  });

  it('warns only while exactly one of the two zero-stock skips is on', () => {
    const f = (minus: boolean, plus: boolean) =>
      skipOptionsMismatch({
        WAREHOUSE_AUTO_COMMIT: false,
        WAREHOUSE_SKIP_ZERO_MINUS: minus,
        WAREHOUSE_SKIP_ZERO_PLUS: plus,
      });
    expect([f(false, false), f(true, true), f(true, false), f(false, true)]).toEqual([false, false, true, true]);
  });
});
