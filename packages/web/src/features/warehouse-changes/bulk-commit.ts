/** One change that could not be committed, with the server's message. */
export interface BulkCommitFailure {
  id: number;
  message: string;
}

export interface BulkCommitResult {
  committed: number[];
  failed: BulkCommitFailure[];
}

/**
 * 'Zatwierdź zaznaczone': commits the ids one by one in ascending id order (older changes of an
 * item first, so its stock moves as it did), never two at once. A failure is reported through
 * `onError` at once and the next id still goes.
 */
export async function commitInOrder(
  ids: readonly number[],
  commit: (id: number) => Promise<unknown>,
  onError: (failure: BulkCommitFailure) => void,
  message: (err: unknown) => string,
): Promise<BulkCommitResult> {
  const result: BulkCommitResult = { committed: [], failed: [] };
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    try {
      await commit(id);
      result.committed.push(id);
    } catch (err) {
      const failure = { id, message: message(err) };
      result.failed.push(failure);
      onError(failure);
    }
  }
  return result;
}
