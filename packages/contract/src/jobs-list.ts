import { z } from 'zod';
import { pagedAnswerSchema, pagingSchema } from './paging';
import { JOB_STATES, jobInfoSchema, pluginIdSchema } from './plugins';
import { idSchema } from './schemas';

/**
 * The jobs list of a plugin's 'Dziennik' tab (docs/plugins.md, Web part; docs/decisions.md,
 * Plugin platform (web)): `GET /jobs` pages one plugin's jobs of the caller's organisation, newest
 * first; `POST /jobs/retry` runs a dead job again from its first attempt.
 */
export const jobsQuerySchema = pagingSchema.extend({
  pluginId: pluginIdSchema,
  state: z
    .preprocess((v) => (v === '' ? undefined : v), z.enum(JOB_STATES, { error: 'Nieznany stan zadania' }).optional())
    .optional(),
});
export type JobsQuery = z.output<typeof jobsQuerySchema>;
export const jobsAnswerSchema = pagedAnswerSchema('jobs', jobInfoSchema);
export type JobsAnswer = z.infer<typeof jobsAnswerSchema>;

export const jobRetrySchema = z.object({ id: idSchema });
/** `POST /jobs/retry`: the job that will run again. */
export const jobRetryAnswerSchema = z.object({ id: z.number() });
