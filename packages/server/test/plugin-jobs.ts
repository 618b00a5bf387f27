import { pluginsModule } from '../src/modules/plugins';
import type { AppDeps } from '../src/platform/context';
import { JobWorker } from '../src/platform/jobs';

/**
 * A job worker over the plugins' job kinds, as the server's job worker process runs them (a test
 * server starts none): `drain()` runs every due job now (docs/plugins.md, Testing).
 */
export function pluginJobWorker(deps: AppDeps): JobWorker {
  return new JobWorker({ db: deps.db, engine: deps.engine, kinds: pluginsModule.jobs!(deps), log: () => undefined });
}
