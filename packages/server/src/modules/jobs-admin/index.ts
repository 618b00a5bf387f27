import type { ServerModule } from '../../platform/module';
import { jobsAdminRoutes } from './jobs-admin.routes';

/**
 * The jobs list of the plugins' 'Dziennik' tabs (docs/plugins.md, Web part): one plugin's jobs of
 * the organisation, newest first, and the retry of a dead one (platform/jobs retryDeadJob).
 */
export const jobsAdminModule: ServerModule = { name: 'jobs-admin', title: 'Zadania wtyczek', routes: jobsAdminRoutes };
export { jobsAdminRepository } from './jobs-admin.repository';
