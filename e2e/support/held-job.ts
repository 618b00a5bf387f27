import type { TestServer } from '../../packages/server/test/harness';
import { pluginsModule } from '../../packages/server/src/modules/plugins';
import { JobWorker, type JobKind } from '../../packages/server/src/platform/jobs';

/**
 * The plugins' jobs drained with one kind held part-way: its run stops at the first progress
 * `holdAt` accepts until `release()`, so a browser test can look at the progress bar of a job
 * that is still running. `atHold` resolves once the run is held; `drained` with the number of
 * jobs run.
 */
export function drainWithHeldJob(
  server: TestServer,
  kind: string,
  holdAt: (done: number, total: number) => boolean,
): { atHold: Promise<void>; release: () => void; drained: Promise<number> } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const atHold = new Promise<void>((resolve) => (reached = resolve));
  const kinds: JobKind[] = pluginsModule.jobs!(server.deps).map((k) =>
    k.kind !== kind
      ? k
      : {
          ...k,
          handler: (ctx) =>
            k.handler({
              ...ctx,
              progress: async (done, total) => {
                await ctx.progress(done, total);
                if (holdAt(done, total)) {
                  reached();
                  await held;
                }
              },
            }),
        },
  );
  const drained = new JobWorker({
    db: server.deps.db,
    engine: server.deps.engine,
    kinds,
    log: () => undefined,
  }).drain();
  return { atHold, release, drained };
}
