import { MSG } from './messages.pl';

/** An error the client may see: HTTP status and a Polish message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    /** Headers the answer carries besides the body (e.g. Retry-After of a 429). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, message, field);
export const unauthorized = (message: string = MSG.unauthorized) => new AppError(401, message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooMany = (message: string) => new AppError(429, message);
/** 429 asking the client to wait `seconds` (Retry-After). */
export const tooManyFor = (message: string, seconds: number) =>
  new AppError(429, message, undefined, { 'retry-after': String(seconds) });
