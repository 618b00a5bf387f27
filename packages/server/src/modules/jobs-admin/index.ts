import { JOB_DEFAULTS } from '../../platform/jobs';
import type { ServerModule } from '../../platform/module';
import { pluginCallsRepository } from '../../platform/outside';
import { jobsAdminRoutes } from './jobs-admin.routes';

/**
 * The plugins' administration views (docs/plugins.md, Web part; Outside calls): one plugin's jobs
 * of the organisation, newest first, and the retry of a dead one (platform/jobs retryDeadJob); its
 * calls to outside services (the 'Dziennik' tab), purged after 30 days; its connection state.
 */
export const jobsAdminModule: ServerModule = {
  name: 'jobs-admin',
  title: 'Zadania i wywołania wtyczek',
  routes: jobsAdminRoutes,
  coreSchedules: (deps) => [
    {
      key: 'core.plugin-calls-purge',
      everyMinutes: JOB_DEFAULTS.maintenanceEveryMinutes,
      run: async () => void (await pluginCallsRepository.purge(deps.db, deps.now())),
    },
  ],
};
export { jobsAdminRepository } from './jobs-admin.repository';
