/**
 * What the log shows of an error (docs/operations.md, security notes): enough to find the fault,
 * nothing of a customer's data. The serializer of every `err` the server logs (app.ts) and of the
 * CLI's console log (context.ts).
 *
 * Kept: the error's class, its message with values taken out (redactMessage), the stack frames,
 * codes (SQLSTATE, SQLite result code, errno, Fastify's), the database object it names (constraint,
 * table, column, schema) and SQL text with its literals taken out. Never kept: anything else the
 * error carries. Drivers and libraries hang the data of the failed request on their errors:
 * PostgreSQL's `detail` ('Key (email)=(jan@x.pl) already exists.', 'Failing row contains (...)'),
 * `where` (the statement of a trigger, with values), `parameters`, request bodies; pino's standard
 * serializer printed every enumerable property of the error.
 */

/** Properties copied as they are: codes and names of database objects, never data. */
const KEPT = [
  'code',
  'errno',
  'syscall',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
  'position',
  'address',
  'port',
] as const;

/** Properties holding SQL text: kept with its literals replaced (redactSql). */
const SQL_TEXT = ['sql', 'query', 'internalQuery'] as const;

/** The words after which a double-quoted name in a database message is an identifier, not a value. */
const IDENTIFIER_WORDS = new Set([
  'column',
  'relation',
  'table',
  'constraint',
  'index',
  'type',
  'function',
  'schema',
  'sequence',
  'database',
  'role',
  'trigger',
  'operator',
  'encoding',
  'view',
  'extension',
  'collation',
  'domain',
  'cursor',
  'savepoint',
  'statement',
  'parameter',
]);

const REDACTED = '[redacted]';

/** At most this many nested causes (and aggregated errors) are followed. */
const MAX_DEPTH = 3;

/**
 * A message with the values in it taken out: PostgreSQL's `Key (email)=(...)`, double-quoted
 * values (identifiers after IDENTIFIER_WORDS stay: 'column "email" of relation "users"'), single
 * quoted texts other than one identifier-like word (JavaScript's "reading 'id'" stays), e-mail
 * addresses and digit runs of 9 or more digits, with spaces or dashes (phones, NIPs, PESELs,
 * account numbers).
 */
export function redactMessage(message: string): string {
  return message
    .replace(/\)=\((?:[^()]|\([^()]*\))*\)/g, `)=(${REDACTED})`)
    .replace(/(\b[\p{L}_]+\s+)?"(?:[^"]|"")*"/gu, (whole, before: string | undefined) =>
      before && IDENTIFIER_WORDS.has(before.trim().toLowerCase()) ? whole : `${before ?? ''}"${REDACTED}"`,
    )
    .replace(/'((?:[^']|'')*)'/g, (whole, inner: string) =>
      /^[A-Za-z_$][\w$]{0,40}$/.test(inner) ? whole : `'${REDACTED}'`,
    )
    .replace(/[^\s"'()<>,;:@]+@[^\s"'()<>,;:@]+/g, REDACTED)
    .replace(/\+?\d[\d -]{7,}\d/g, (run) => (run.replace(/\D/g, '').length >= 9 ? REDACTED : run));
}

/** SQL text with its string literals replaced: the statement stays readable, its values do not. */
export function redactSql(text: string): string {
  return text.replace(/'(?:[^']|'')*'/g, "'?'").replace(/\$\$[\s\S]*?\$\$/g, '$$?$$');
}

/** What the log shows of an error: pino's fields (type, message, stack) and the kept ones. */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** The loggable form of an error (or of anything thrown). */
export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) {
    const message = redactMessage(typeof err === 'string' ? err : String(err));
    return { type: typeof err, message, stack: '' };
  }
  const message = redactMessage(err.message);
  // The stack repeats the message (possibly over several lines) before its frames.
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: LoggedError = {
    type: err.constructor?.name || err.name,
    message,
    stack: [`${err.name}: ${message}`, ...frames].join('\n'),
  };
  const fields = err as unknown as Record<string, unknown>;
  for (const key of KEPT) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  for (const key of SQL_TEXT) {
    const value = fields[key];
    if (typeof value === 'string') out[key] = redactSql(value);
  }
  if (depth < MAX_DEPTH) {
    if (err.cause !== undefined) out.cause = serializeError(err.cause, depth + 1);
    if (err instanceof AggregateError) {
      out.errors = (err.errors as unknown[]).slice(0, 5).map((e) => serializeError(e, depth + 1));
    }
  }
  return out;
}

/** A log object with its `err` (if any) in loggable form: for loggers without pino's serializers. */
export function withSerializedError(obj: object): object {
  return 'err' in obj ? { ...obj, err: serializeError((obj as { err: unknown }).err) } : obj;
}
