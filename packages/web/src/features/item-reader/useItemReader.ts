import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '@web/platform/api';
import { useScanQueue } from '@web/ui/reader/useScanQueue';
import { itemReaderKeys, postScan } from './item-reader.api';
import { applyAnswer, applyFailure, changesItem, initialReaderState, type ReaderState } from './reader-log';

/**
 * The reader's session: scans go to the server one at a time, in the order they were read (a
 * scanner can be faster than the server), each with the item code the previous answer selected.
 */
export function useItemReader() {
  const client = useQueryClient();
  const [state, setState] = useState<ReaderState>(initialReaderState);
  // The context of the next scan, read when it is sent (not when it was read).
  const current = useRef<ReaderState>(initialReaderState);
  const queue = useScanQueue();

  const update = useCallback((fn: (s: ReaderState) => ReaderState) => {
    current.current = fn(current.current);
    setState(current.current);
  }, []);

  const { run } = queue;
  const scan = useCallback(
    (barcode: string) =>
      run(async () => {
        try {
          const answer = await postScan(barcode, current.current.itemCode);
          update((s) => applyAnswer(s, answer));
          if (changesItem(answer) && answer.itemCode !== null)
            await client.invalidateQueries({ queryKey: itemReaderKeys.item(answer.itemCode) });
        } catch (err) {
          update((s) => applyFailure(s, barcode, errorMessage(err), new Date()));
        }
      }),
    [client, update, run],
  );

  return { state, scan, pending: queue.pending };
}
