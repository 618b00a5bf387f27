/**
 * Mass operations sent in batches (goods-and-orders.md §9: 100 items or orders per call), shared
 * by the item and order lists and their mass edit pages. Pure, so it is unit-tested.
 */

/** Splits ids (or anything) into batches of at most `size`, in order. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A mass result of any resource: ok entries, errors, ids not found (§3 Mass results). */
export interface MassResultOf<Ok, Err> {
  ok: Ok[];
  err: Err[];
  notFound: number[];
}

/** Results of several batches as one, in batch order. */
export function mergeMassResults<Ok, Err>(results: readonly MassResultOf<Ok, Err>[]): MassResultOf<Ok, Err> {
  return {
    ok: results.flatMap((r) => r.ok),
    err: results.flatMap((r) => r.err),
    notFound: results.flatMap((r) => r.notFound),
  };
}

/**
 * Runs one batch, retried once with the same idempotency key when the server could not be reached
 * (a batch that did arrive is then answered from its first run, never applied twice).
 */
export async function runBatch<R>(
  send: (key: string) => Promise<R>,
  key: string,
  isNetworkError: (err: unknown) => boolean,
): Promise<R> {
  try {
    return await send(key);
  } catch (err) {
    if (!isNetworkError(err)) throw err;
    return send(key);
  }
}
