/**
 * Durable jobs (docs/ARCHITECTURE.md, platform/jobs; docs/decisions.md, Jobs): enqueue in the
 * caller's transaction, a job worker process that runs them with leases, backoff, dead jobs,
 * per-plugin-and-organisation pauses after a 429, and schedules fanned out per organisation.
 */
export { enqueueJob, retryDeadJob } from './enqueue';
export { onJobWake, relayJobWakes, wakeJobWorker } from './wake';
export { JobWorker, type JobWorkerOptions } from './worker';
export { JobStore, openJobStorePostgres, queueDepth, type QueueDepthRow } from './store';
export {
  checkSchedule,
  latestDue,
  purgeScheduleRuns,
  tickCoreSchedules,
  tickSchedules,
  type CoreSchedule,
  type JobSchedule,
} from './schedules';
export { backoffMs, jobErrorText, redactError } from './rules';
export {
  JOB_DEFAULTS,
  RetryAfterError,
  type EnqueueInput,
  type JobContext,
  type JobHandler,
  type JobInfo,
  type JobKind,
} from './types';
