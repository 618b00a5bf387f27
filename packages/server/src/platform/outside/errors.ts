import { AppError } from '../errors';

/**
 * The failures of a call to an outside service (docs/decisions.md, "Integrations: outside calls,
 * connection state, imported orders"). Each is an AppError, so a route that lets one through answers
 * its status with the Polish `message`; a job that throws one is retried (unavailable) or ends as the
 * host decides (auth). `userMessage` is the service's own message for the user where it gave one.
 */
export type OutsideErrorCode = 'auth' | 'unavailable' | 'refused' | 'malformed';

export class OutsideError extends AppError {
  constructor(
    readonly code: OutsideErrorCode,
    /** The service's HTTP status; 0 when no answer came. */
    readonly status: number,
    /** Polish, for the user: the service's own message where it gave one. */
    readonly userMessage: string,
    httpStatus: number,
  ) {
    super(httpStatus, userMessage);
    this.name = 'OutsideError';
  }
}

/** 401 or 403: the stored credentials are refused (the connection needs the seller). Answers 502. */
export class OutsideAuthError extends OutsideError {
  constructor(status: number, userMessage: string) {
    super('auth', status, userMessage, 502);
    this.name = 'OutsideAuthError';
  }
}

/** 5xx, a timeout or no connection: try again later. Answers 503. */
export class OutsideUnavailableError extends OutsideError {
  constructor(status: number, userMessage: string) {
    super('unavailable', status, userMessage, 503);
    this.name = 'OutsideUnavailableError';
  }
}

/** Another 4xx: the service refused this request (its own message). Answers 422. */
export class OutsideRefusedError extends OutsideError {
  constructor(status: number, userMessage: string) {
    super('refused', status, userMessage, 422);
    this.name = 'OutsideRefusedError';
  }
}

/** An answer that is not what the service documents (not JSON, or not the expected shape). Answers 502. */
export class OutsideMalformedError extends OutsideError {
  constructor(what: string, status = 200) {
    super('malformed', status, `Usługa odpowiedziała w nieoczekiwanym formacie (${what}).`, 502);
    this.name = 'OutsideMalformedError';
  }
}
