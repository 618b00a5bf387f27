import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from './errors';
import { MSG } from './messages.pl';

/** Maps every failure to `{code, message}` in Polish; only 5xx are logged with their stack. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | ZodError | Error, req, reply) => {
    if (err instanceof AppError) {
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
