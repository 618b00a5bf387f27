import { describe, expect, it } from 'vitest';
import { CARRIER_METHOD_MSG, carrierMethodProblem, checkPickupPointQuerySchema, PICKUP_POINT_MSG } from './carriers';

describe('carrierMethodProblem (docs/rules/catalogue-and-orders-rules.md §2.14, §5)', () => {
  it('allows no method with every shipping method', () => {
    for (const s of ['ADDRESS', 'PICKUP_POINT', 'PERSONAL_PICKUP'] as const)
      expect(carrierMethodProblem(s, null)).toBe(undefined);
  });

  it('refuses any method for personal pickup and the wrong kind of delivery for the others', () => {
    expect(carrierMethodProblem('PERSONAL_PICKUP', 'ADDRESS_AND_PICKUP_POINT')).toBe(CARRIER_METHOD_MSG.personalPickup);
    expect(carrierMethodProblem('ADDRESS', 'ONLY_PICKUP_POINT')).toBe(CARRIER_METHOD_MSG.onlyPickupPoint);
    expect(carrierMethodProblem('PICKUP_POINT', 'ONLY_ADDRESS')).toBe(CARRIER_METHOD_MSG.onlyAddress);
    expect(carrierMethodProblem('ADDRESS', 'ONLY_ADDRESS')).toBe(undefined);
    expect(carrierMethodProblem('PICKUP_POINT', 'ONLY_PICKUP_POINT')).toBe(undefined);
    expect(carrierMethodProblem('ADDRESS', 'ADDRESS_AND_PICKUP_POINT')).toBe(undefined);
    expect(carrierMethodProblem('PICKUP_POINT', 'ADDRESS_AND_PICKUP_POINT')).toBe(undefined);
  });
});

describe('checkPickupPointQuerySchema', () => {
  const message = (v: unknown) => {
    const r = checkPickupPointQuerySchema.safeParse(v);
    return r.success ? r.data : r.error.issues[0]?.message;
  };
  it('gives the §5 messages for an empty point and a missing method', () => {
    expect(message({ methodId: '1' })).toBe(PICKUP_POINT_MSG.pointRequired);
    expect(message({ pickupPoint: ' ', methodId: '1' })).toBe(PICKUP_POINT_MSG.pointRequired);
    expect(message({ pickupPoint: 'WAW01M' })).toBe(PICKUP_POINT_MSG.methodRequired);
    expect(message({ pickupPoint: 'WAW01M', methodId: ' ' })).toBe(PICKUP_POINT_MSG.methodRequired);
    expect(message({ pickupPoint: ' WAW01M ', methodId: '7' })).toEqual({ pickupPoint: 'WAW01M', methodId: 7 });
  });
});
