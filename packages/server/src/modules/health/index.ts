import type { ServerModule } from '../../platform/module';
import { healthRoutes } from './health.routes';

/**
 * Health and readiness (docs/operations.md, Health and readiness): GET /api/health (liveness: the
 * process answers) and GET /api/ready (the database answers, its migrations are current, the files'
 * storage takes a write; 503 from the start of a shutdown).
 */
export const healthModule: ServerModule = { name: 'health', title: 'Stan serwera', routes: healthRoutes };

export { beginShutdown, missingMigrations, readinessChecks, setReadinessChecks } from './health.service';
export { NotReady, Readiness, READY_CHECK_TIMEOUT_MS, type ReadinessCheck } from './readiness';
