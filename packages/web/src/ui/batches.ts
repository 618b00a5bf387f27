/**
 * Mass operations sent in batches (docs/rules/catalogue-and-orders-rules.md §9: 100 items or orders per call), shared
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

/** Thrown when a later batch of a mass call fails: the merged results of the batches that ran are in `done`. */
export class MassBatchError<R> extends Error {
  constructor(
    readonly failure: unknown,
    readonly done: R,
  ) {
    super(failure instanceof Error ? failure.message : String(failure));
  }
}

/**
 * Sends `ids` in batches of `size`, one call after another, and merges the answers; a failing
 * batch throws MassBatchError with what the earlier ones did.
 */
export async function sendInBatches<Ok, Err>(
  ids: readonly number[],
  size: number,
  send: (batch: number[]) => Promise<MassResultOf<Ok, Err>>,
): Promise<MassResultOf<Ok, Err>> {
  const results: MassResultOf<Ok, Err>[] = [];
  for (const batch of batches(ids, size)) {
    try {
      results.push(await send(batch));
    } catch (err) {
      throw new MassBatchError(err, mergeMassResults(results));
    }
  }
  return mergeMassResults(results);
}

/**
 * What a failed mass call's caller shows: the cause for the error toast, and the partial result for
 * the report (undefined when no batch got anywhere).
 */
export function massFailure<R extends MassResultOf<unknown, unknown>>(
  err: unknown,
): { cause: unknown; done: R | undefined } {
  if (!(err instanceof MassBatchError)) return { cause: err, done: undefined };
  const done = err.done as R;
  return { cause: err.failure, done: done.ok.length + done.err.length > 0 ? done : undefined };
}
