import { describe, expect, it } from 'vitest';
import { amountOf, grosze, uuidFrom } from './forms';

describe('allegro helpers', () => {
  it("reads Allegro's amounts as grosze and writes them back", () => {
    expect(grosze('19.99')).toBe(1999);
    expect(grosze('5')).toBe(500);
    expect(grosze('0.5')).toBe(50);
    expect(amountOf(1999)).toBe('19.99');
    expect(amountOf(5)).toBe('0.05');
  });

  it('derives the same UUID from the same seed, another from another', () => {
    const a = uuidFrom('1:42:quantity:7:0');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuidFrom('1:42:quantity:7:0')).toBe(a);
    const seen = new Set(Array.from({ length: 10_000 }, (_, i) => uuidFrom(`1:42:quantity:${i}:0`)));
    expect(seen.size).toBe(10_000);
  });
});
