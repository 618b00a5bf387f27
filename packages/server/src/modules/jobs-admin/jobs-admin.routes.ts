import {
  pluginCallsAnswerSchema,
  pluginCallsQuerySchema,
  pluginConnectionAnswerSchema,
  pluginConnectionQuerySchema,
  jobRetryAnswerSchema,
  jobRetrySchema,
  jobsAnswerSchema,
  jobsQuerySchema,
  type JobsAnswer,
  type JobsQuery,
} from '@zaplecze/contract';
import type { AuthContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { retryDeadJob } from '../../platform/jobs';
import { pluginCallsRepository, pluginConnection } from '../../platform/outside';
import { route, type RouteDef } from '../../platform/route';
import { jobsAdminRepository as repo } from './jobs-admin.repository';
import { JOBS_MSG } from './messages.pl';

async function list(ctx: AuthContext, q: JobsQuery): Promise<JobsAnswer> {
  const [jobs, count] = await Promise.all([repo.page(ctx.tdb, q), repo.count(ctx.tdb, q)]);
  return { jobs, count, perPage: q.perPage };
}

async function retry(ctx: AuthContext, id: number): Promise<{ id: number }> {
  const job = await repo.findPluginJob(ctx.tdb, id);
  if (!job) throw notFound(JOBS_MSG.notFound);
  // retryDeadJob re-checks the state in its own transaction: a job that changed meanwhile is refused too.
  if (job.state !== 'dead' || !(await retryDeadJob(ctx.tdb, id))) throw conflict(JOBS_MSG.notDead);
  return { id };
}

/**
 * The plugins' jobs lists, their calls to outside services ('Dziennik' tabs) and the state of their
 * connection: the administrator's view, so main.plugins.manage.
 */
export const jobsAdminRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/jobs',
    access: 'main.plugins.manage',
    summary: 'Zadania jednej wtyczki (najnowsze najpierw)',
    response: jobsAnswerSchema,
    query: jobsQuerySchema,
    handler: (ctx, { query }) => list(ctx, query),
  }),
  route({
    method: 'POST',
    url: '/jobs/retry',
    access: 'main.plugins.manage',
    summary: 'Ponowne uruchomienie zadania, które się nie powiodło',
    response: jobRetryAnswerSchema,
    body: jobRetrySchema,
    handler: (ctx, { body }) => retry(ctx, body.id),
  }),
  route({
    method: 'GET',
    url: '/plugin_calls',
    access: 'main.plugins.manage',
    summary: 'Wywołania usług zewnętrznych jednej wtyczki (najnowsze najpierw)',
    response: pluginCallsAnswerSchema,
    query: pluginCallsQuerySchema,
    handler: async (ctx, { query }) => {
      const [calls, count] = await Promise.all([
        pluginCallsRepository.page(ctx.tdb, query),
        pluginCallsRepository.count(ctx.tdb, query),
      ]);
      return { calls, count, perPage: query.perPage };
    },
  }),
  route({
    method: 'GET',
    url: '/plugin_connection',
    access: 'main.plugins.manage',
    summary: 'Stan połączenia wtyczki z jej usługą (ok albo „Połącz ponownie”)',
    response: pluginConnectionAnswerSchema,
    query: pluginConnectionQuerySchema,
    handler: (ctx, { query }) => pluginConnection(ctx.tdb, query.pluginId),
  }),
];
