import type { AppDeps } from './context';
import type { EventBus } from './events';
import type { CoreSchedule, JobKind, JobSchedule } from './jobs';
import type { RouteDef } from './route';
import type { UsageCheckDef } from './usage';

/**
 * What a server module gives the application (its face, exported from the module's index.ts):
 * its routes, the usage checks it contributes for other modules' rows, and its event subscribers.
 * The platform knows modules only through this shape; modules/index.ts lists them.
 */
export interface ServerModule {
  name: string;
  /** Polish title of the module's group of operations in the API reference (platform/openapi.ts). */
  title: string;
  routes: RouteDef[];
  usageChecks?: UsageCheckDef[];
  /** Subscribes to the domain events (platform/events.ts); `deps` is the server's, being built. */
  subscribe?(events: EventBus, deps: Pick<AppDeps, 'db' | 'config'>): void;
  /** The job kinds the module's handlers run (in the job worker process only: platform/jobs). */
  jobs?(deps: AppDeps): JobKind[];
  /** The module's recurring jobs (platform/jobs/schedules.ts). */
  schedules?(deps: AppDeps): JobSchedule[];
  /** The module's maintenance of no organisation (purges), run once per due time by a job worker. */
  coreSchedules?(deps: AppDeps): CoreSchedule[];
}
