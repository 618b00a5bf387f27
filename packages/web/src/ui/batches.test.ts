import { describe, expect, it } from 'vitest';
import { batches, MassBatchError, massFailure, sendInBatches } from './batches';

describe('sendInBatches (docs/rules/catalogue-and-orders-rules.md §9: 100 ids a call)', () => {
  it('sends the ids in order, in batches of the size, and merges the answers', async () => {
    const sent: number[][] = [];
    const ids = Array.from({ length: 250 }, (_, i) => i + 1);
    const result = await sendInBatches(ids, 100, async (batch) => {
      sent.push(batch);
      return { ok: batch.slice(0, 1), err: [], notFound: batch.slice(-1) };
    });
    expect(sent.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(sent.flat()).toEqual(ids);
    expect(result).toEqual({ ok: [1, 101, 201], err: [], notFound: [100, 200, 250] });
    expect(batches(ids, 100)).toEqual(sent);
  });

  it('a failing batch stops the run and carries what the earlier batches did', async () => {
    const boom = new Error('Błąd serwera');
    const run = sendInBatches([1, 2, 3], 1, async (batch) => {
      if (batch[0] === 3) throw boom;
      return { ok: batch, err: [], notFound: [] };
    });
    const err = await run.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MassBatchError);
    expect(massFailure(err)).toEqual({ cause: boom, done: { ok: [1, 2], err: [], notFound: [] } });
  });

  it('massFailure: no partial result when nothing was done, and other errors pass through', () => {
    const nothing = new MassBatchError(new Error('x'), { ok: [], err: [], notFound: [4] });
    expect(massFailure(nothing).done).toBeUndefined();
    const plain = new Error('sieć');
    expect(massFailure(plain)).toEqual({ cause: plain, done: undefined });
  });
});
