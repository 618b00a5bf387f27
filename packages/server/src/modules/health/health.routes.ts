import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  healthAnswerSchema,
  notReadyAnswerSchema,
  readyAnswerSchema,
  type HealthAnswer,
  type NotReadyAnswer,
  type ReadinessCheckName,
} from '@zaplecze/contract';
import { serializeError } from '../../platform/error-log';
import { route } from '../../platform/route';
import { HEALTH_MSG } from './messages.pl';
import { readinessOf } from './health.service';
import type { AppDeps } from '../../platform/context';

/**
 * Probes of a reverse proxy, a load balancer or an orchestrator (docs/operations.md, Health and
 * readiness). Public (they tell nothing about any organisation), no request log line per probe.
 */

/** The failures last logged per server, so that a probe every few seconds logs a change once. */
const lastLogged = new WeakMap<AppDeps, string>();

async function ready(deps: AppDeps, req: FastifyRequest, reply: FastifyReply) {
  reply.header('Cache-Control', 'no-store');
  const answer = await readinessOf(deps).check();
  // The app's logger: the route's own is silent.
  const log = req.server.log;
  if (answer.ready) {
    if (lastLogged.get(deps)) log.info('ready again');
    lastLogged.set(deps, '');
    return { status: 'ok' } satisfies HealthAnswer;
  }
  const failed = answer.failed.map((f) => f.name as ReadinessCheckName);
  const stopping = failed.includes('shutdown');
  const key = failed.join(',');
  if (lastLogged.get(deps) !== key && !stopping) {
    log.warn(
      { failed: answer.failed.map((f) => ({ check: f.name, reason: f.text, err: serializeError(f.cause) })) },
      `not ready: ${key}`,
    );
  }
  lastLogged.set(deps, key);
  const texts = stopping ? [HEALTH_MSG.stopping] : answer.failed.map((f) => f.text);
  return reply.code(503).send({
    code: 503,
    status: stopping ? 'stopping' : 'unavailable',
    failed,
    message: HEALTH_MSG.notReady(texts),
  } satisfies NotReadyAnswer);
}

export const healthRoutes = [
  route({
    method: 'GET',
    url: '/health',
    access: 'public',
    logLevel: 'silent',
    summary: 'Czy proces odpowiada (liveness)',
    response: healthAnswerSchema,
    // Liveness: the process answers. It touches nothing (no database), so a database outage never
    // makes an orchestrator restart healthy processes.
    handler: async (_ctx, _input, _req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { status: 'ok' } satisfies HealthAnswer;
    },
  }),
  route({
    method: 'GET',
    url: '/ready',
    access: 'public',
    logLevel: 'silent',
    summary: 'Czy serwer jest gotowy do obsługi żądań (readiness)',
    response: readyAnswerSchema,
    docs: {
      errors: {
        503: {
          description: 'Serwer nie jest gotowy: nazwy nieudanych sprawdzeń i komunikat po polsku.',
          schema: notReadyAnswerSchema,
        },
      },
    },
    handler: (ctx, _input, req, reply) => ready(ctx.deps, req, reply),
  }),
];
