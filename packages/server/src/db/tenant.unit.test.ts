import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors';
import type { DB } from './schema';
import { TenantDb } from './tenant';

// Compiles queries without a database: the scoping is visible in the SQL and its parameters.
const db = new Kysely<DB>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});
const tdb = new TenantDb(db, 42);

describe('TenantDb', () => {
  it('scopes selects, updates and deletes to the organisation', () => {
    const queries = [
      tdb.selectFrom('users').select('id').where('id', '=', 7).compile(),
      tdb.updateTable('users').set({ name: 'x' }).where('id', '=', 7).compile(),
      tdb.deleteFrom('users').where('id', '=', 7).compile(),
    ];
    for (const q of queries) {
      expect(q.sql).toMatch(/"users"\."org_id" = \?/);
      expect(q.parameters).toContain(42);
    }
  });

  it('forces org_id on inserts, whatever the values say', () => {
    const values = { login: 'a_b', name: '', email: '', tel: '', pass_hash: 'h', permissions: '', created_at: 'now' };
    const q = tdb.insertInto('users', { ...values, org_id: 1 } as typeof values).compile();
    expect(q.sql).toContain('"org_id"');
    expect(q.parameters).toContain(42);
    expect(q.parameters).not.toContain(1);
  });
});

describe('isUniqueViolation', () => {
  it('knows the unique-violation codes of both engines, and nothing else', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation({ code: 'SQLITE_CONSTRAINT_UNIQUE' })).toBe(true);
    expect(isUniqueViolation({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' })).toBe(false);
    expect(isUniqueViolation(new Error('23505'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
