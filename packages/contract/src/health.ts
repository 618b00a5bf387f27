import { z } from 'zod';

/**
 * The probes of a reverse proxy or an orchestrator (docs/operations.md, Health and readiness):
 * `GET /api/health` (liveness) and `GET /api/ready` (readiness). Both public, answered by every
 * server process on its own.
 */
export const healthAnswerSchema = z.object({ status: z.literal('ok') });
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;

/** What a readiness check covers; `shutdown`: the process has begun to stop. */
export const READINESS_CHECKS = ['database', 'migrations', 'storage', 'shutdown'] as const;
export type ReadinessCheckName = (typeof READINESS_CHECKS)[number];

/** 200 from /api/ready. */
export const readyAnswerSchema = z.object({ status: z.literal('ok') });

/** 503 from /api/ready: what failed, and a Polish message naming it. */
export const notReadyAnswerSchema = z.object({
  code: z.literal(503),
  status: z.enum(['unavailable', 'stopping']),
  failed: z.array(z.enum(READINESS_CHECKS)),
  message: z.string(),
});
export type NotReadyAnswer = z.infer<typeof notReadyAnswerSchema>;
