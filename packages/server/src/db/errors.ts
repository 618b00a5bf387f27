/**
 * Whether a database error is a unique-constraint violation (PostgreSQL 23505, SQLite
 * SQLITE_CONSTRAINT_UNIQUE / PRIMARYKEY). Services turn it into 409: a check-then-insert can
 * still lose a race against a parallel request on PostgreSQL.
 */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false;
  const code = String(err.code);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
