import { describe, expect, it } from 'vitest';
import { WorkerRestarts } from './worker-restarts';

describe('worker restarts', () => {
  it('wait 1 s after a crash, doubling while workers keep ending quickly, up to 30 s', () => {
    const restarts = new WorkerRestarts();
    const delays = Array.from({ length: 8 }, () => restarts.delayAfter(200));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('start from 1 s again once a worker stayed up a minute', () => {
    const restarts = new WorkerRestarts();
    for (let i = 0; i < 5; i++) restarts.delayAfter(500);
    expect(restarts.delayAfter(60_000)).toBe(1000);
    expect(restarts.delayAfter(100)).toBe(1000);
    expect(restarts.delayAfter(100)).toBe(2000);
  });
});
