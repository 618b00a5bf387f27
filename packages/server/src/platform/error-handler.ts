import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { isBadValueError, isBusyError, isConnectionError, isStorageFull, isTimeoutError } from '../db/errors';
import { AppError } from './errors';
import { FileStorageUnavailable } from './file-storage';
import { redactMessage } from './error-log';
import { MSG } from './messages.pl';

/** Seconds a client is asked to wait (Retry-After) when the database is unavailable. */
export const DB_RETRY_AFTER_S = 5;
/** While the database is out, one warning per this many milliseconds (with the count in between). */
const OUTAGE_LOG_EVERY_MS = 10_000;

/**
 * Maps every failure to `{code, message}` in Polish; only 5xx are logged with their stack. A lost,
 * silent or busy database (docs/operations.md, Database outage) is 503 with Retry-After and a
 * warning without a stack, at most one per OUTAGE_LOG_EVERY_MS however many requests met it; a full
 * disk is 507, logged with the error that said so; a file storage that fails (S3 down, refused
 * credentials) is 503 with Retry-After and a warning naming the storage, throttled the same way; a value PostgreSQL refused (class 22) is 400,
 * logged as a warning. Logged errors go through error-log.ts: no customer data.
 */
export function installErrorHandling(app: FastifyInstance): void {
  let outageLoggedAt = -Infinity;
  let outageUnlogged = 0;
  let filesLoggedAt = -Infinity;
  let filesUnlogged = 0;
  app.setErrorHandler((err: FastifyError | AppError | ZodError | Error, req, reply) => {
    const timeout = isTimeoutError(err);
    const busy = !timeout && isBusyError(err);
    if (timeout || busy || isConnectionError(err)) {
      const now = performance.now();
      if (now - outageLoggedAt >= OUTAGE_LOG_EVERY_MS) {
        const code = (err as { code?: unknown }).code;
        const cause = (err as { cause?: unknown }).cause;
        req.log.warn(
          {
            code,
            ...(cause instanceof Error ? { cause: redactMessage(cause.message) } : {}),
            ...(outageUnlogged > 0 ? { alsoFailedSinceLastWarning: outageUnlogged } : {}),
          },
          `${busy ? 'database busy' : 'database unavailable'}: ${redactMessage(err.message)}`,
        );
        outageLoggedAt = now;
        outageUnlogged = 0;
      } else outageUnlogged++;
      return reply
        .code(503)
        .header('retry-after', String(DB_RETRY_AFTER_S))
        .send({ code: 503, message: timeout ? MSG.dbTimeout : busy ? MSG.dbBusy : MSG.dbUnavailable });
    }
    if (err instanceof FileStorageUnavailable) {
      // The message names the endpoint, bucket and operation, never a key or secret (file-storage/s3.ts).
      const now = performance.now();
      if (now - filesLoggedAt >= OUTAGE_LOG_EVERY_MS) {
        req.log.warn(
          filesUnlogged > 0 ? { alsoFailedSinceLastWarning: filesUnlogged } : {},
          `file storage unavailable: ${err.message}`,
        );
        filesLoggedAt = now;
        filesUnlogged = 0;
      } else filesUnlogged++;
      return reply
        .code(503)
        .header('retry-after', String(DB_RETRY_AFTER_S))
        .send({ code: 503, message: MSG.filesUnavailable });
    }
    if (isStorageFull(err)) {
      req.log.error({ err }, 'storage full');
      return reply.code(507).send({ code: 507, message: MSG.storageFull });
    }
    if (isBadValueError(err)) {
      // A value the request's schema let through and the database refused: the client's input.
      req.log.warn({ err }, 'database refused a value');
      return reply.code(400).send({ code: 400, message: MSG.badInput });
    }
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply
        .code(err.statusCode)
        .send({ code: err.statusCode, message: err.message, ...(err.field ? { field: err.field } : {}) });
    }
    if (err instanceof ZodError) {
      const issue = err.issues[0];
      const field = issue?.path.map(String).join('.') || undefined;
      return reply.code(400).send({ code: 400, message: issue?.message ?? MSG.badInput, ...(field ? { field } : {}) });
    }
    const fe = err as FastifyError;
    const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.code(500).send({ code: 500, message: MSG.internal });
    }
    const message =
      status === 413
        ? MSG.tooLarge
        : status === 415
          ? MSG.unsupportedMedia
          : status === 429
            ? MSG.tooMany
            : status === 404
              ? MSG.notFound
              : fe.code?.startsWith('FST_ERR_CTP_') && /json/i.test(fe.code + fe.message)
                ? MSG.badJson
                : MSG.badInput;
    return reply.code(status).send({ code: status, message });
  });
}
