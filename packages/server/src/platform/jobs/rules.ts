import { isBadValueError, isBusyError, isConnectionError, isStorageFull, isTimeoutError } from '../../db/errors';
import { MSG } from '../messages.pl';
import { FileStorageUnavailable } from '../file-storage/file-storage';

/**
 * The pure rules of the job engine (docs/decisions.md, Jobs): backoff with jitter, and what of an
 * error may be kept.
 */

/**
 * Delay before the next attempt after `attempts` failed ones: `first * 2^(attempts-1)` capped at
 * `max`, then "equal jitter" (a random point in the upper half), so many jobs that failed together
 * do not all come back in the same second. `random` is Math.random in production.
 */
export function backoffMs(
  attempts: number,
  policy: { firstSeconds: number; maxSeconds: number },
  random: () => number = Math.random,
): number {
  const base = Math.min(policy.firstSeconds * 2 ** Math.max(0, attempts - 1), policy.maxSeconds) * 1000;
  return Math.round(base / 2 + (base / 2) * random());
}

/** The longest error text kept on a job. */
export const ERROR_MAX = 1000;

/**
 * An error's message as it may be stored and shown: no credentials of a URL, no bearer tokens,
 * no values of parameters named like secrets, no stack, at most ERROR_MAX characters. `secrets`
 * are further strings the caller knows (a configured password), replaced wherever they appear.
 */
export function redactError(err: unknown, secrets: readonly string[] = []): string {
  let text = err instanceof Error ? err.message : typeof err === 'string' ? err : 'Nieznany błąd';
  for (const s of secrets) if (s.length >= 3) text = text.split(s).join('***');
  text = text
    .replace(/\/\/[^\s/@]*@/g, '//***@')
    .replace(/\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 ***')
    .replace(
      /\b(password|passwd|pass|secret|token|api[_-]?key|apikey|access[_-]?token|client[_-]?secret|authorization)(["']?\s*[:=]\s*["']?)[^\s"'&,;]+/gi,
      '$1$2***',
    );
  return text.slice(0, ERROR_MAX);
}

/** Errors of the JavaScript runtime itself: a bug, never a message meant for a person. */
const RUNTIME_ERRORS = new Set(['TypeError', 'RangeError', 'ReferenceError', 'SyntaxError', 'EvalError', 'URIError']);

/** A database's own error: SQLite's result code or PostgreSQL's five-character SQLSTATE. */
function databaseCode(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null || !('code' in err)) return undefined;
  const code = String(err.code);
  return code.startsWith('SQLITE_') || /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * What a failed job shows its seller in the jobs log ('Dziennik'; docs/decisions.md, "A failed
 * job's error in Polish"): the job's own message (an AppError or an Error a plugin threw with its
 * Polish text, or a service's user message), redacted as redactError does; a database's or the
 * runtime's error becomes a Polish sentence naming only its code, because its English text (and the
 * tables it names) mean nothing to a seller. The worker logs the original for the operator.
 */
export function jobErrorText(err: unknown, secrets: readonly string[] = []): string {
  if (err instanceof FileStorageUnavailable) return MSG.filesUnavailable;
  if (isConnectionError(err)) return MSG.dbUnavailable;
  if (isTimeoutError(err)) return MSG.dbTimeout;
  if (isBusyError(err)) return MSG.dbBusy;
  if (isStorageFull(err)) return MSG.storageFull;
  if (isBadValueError(err)) return MSG.jobBadValue;
  const code = databaseCode(err);
  if (code) return MSG.jobDatabaseError(code);
  if (err instanceof Error && RUNTIME_ERRORS.has(err.name)) return MSG.jobInternal;
  return redactError(err, secrets);
}
