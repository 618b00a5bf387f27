import { useCallback, useRef, useState } from 'react';

/**
 * Scans go to the server one at a time, in the order they were read (a scanner can be faster than
 * the server), so each is sent with the context the previous answer left. `run` queues a task;
 * `pending` is true while any task waits or runs. A task handles its own errors.
 */
export function useScanQueue() {
  const queue = useRef<Promise<void>>(Promise.resolve());
  const [pending, setPending] = useState(0);
  const run = useCallback((task: () => Promise<void>) => {
    setPending((n) => n + 1);
    queue.current = queue.current.then(async () => {
      try {
        await task();
      } finally {
        setPending((n) => n - 1);
      }
    });
  }, []);
  return { run, pending: pending > 0 };
}
