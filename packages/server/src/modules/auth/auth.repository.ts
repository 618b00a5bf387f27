import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { forgetTokens } from './token-cache';

/** Token and sign-in-failure queries. These cross organisations by nature (a token finds its org). */
export const authRepository = {
  findUserByLogin(db: Kysely<DB>, login: string) {
    return db
      .selectFrom('users')
      .select(['id', 'org_id', 'login', 'pass_hash', 'permissions'])
      .where('login', '=', login.toLowerCase())
      .executeTakeFirst();
  },

  findToken(db: Kysely<DB>, tokenHash: string) {
    return db
      .selectFrom('auth_tokens')
      .innerJoin('users', 'users.id', 'auth_tokens.user_id')
      .select([
        'auth_tokens.id as tokenId',
        'auth_tokens.long_session',
        'auth_tokens.valid_to',
        'users.id as userId',
        'users.org_id',
        'users.login',
        'users.permissions',
      ])
      .where('auth_tokens.token_hash', '=', tokenHash)
      .executeTakeFirst();
  },

  async insertToken(
    db: Kysely<DB>,
    row: {
      org_id: number;
      user_id: number;
      token_hash: string;
      long_session: number;
      valid_to: string;
      created_at: string;
    },
  ) {
    await db.insertInto('auth_tokens').values(row).execute();
  },

  async extendToken(db: Kysely<DB>, tokenId: number, validTo: string, longSession: number) {
    await db
      .updateTable('auth_tokens')
      .set({ valid_to: validTo, long_session: longSession })
      .where('id', '=', tokenId)
      .execute();
    await forgetTokens();
  },

  async deleteToken(db: Kysely<DB>, tokenId: number) {
    await db.deleteFrom('auth_tokens').where('id', '=', tokenId).execute();
    await forgetTokens();
  },

  /** Revokes all tokens of a user but the one given (after a password change). */
  async deleteOtherTokens(db: Kysely<DB>, userId: number, keepTokenId: number | null) {
    let q = db.deleteFrom('auth_tokens').where('user_id', '=', userId);
    if (keepTokenId !== null) q = q.where('id', '!=', keepTokenId);
    await q.execute();
    await forgetTokens();
  },

  async deleteExpiredTokens(db: Kysely<DB>, nowIso: string) {
    await db.deleteFrom('auth_tokens').where('valid_to', '<', nowIso).execute();
  },

  async countFailures(db: Kysely<DB>, keys: string[], sinceIso: string): Promise<Map<string, number>> {
    const rows = await db
      .selectFrom('login_failures')
      .select(['key', db.fn.countAll<number>().as('n')])
      .where('key', 'in', keys)
      .where('failed_at', '>=', sinceIso)
      .groupBy('key')
      .execute();
    return new Map(rows.map((r) => [r.key, Number(r.n)]));
  },

  async addFailures(db: Kysely<DB>, keys: string[], atIso: string) {
    await db
      .insertInto('login_failures')
      .values(keys.map((key) => ({ key, failed_at: atIso })))
      .execute();
  },

  async clearFailures(db: Kysely<DB>, key: string) {
    await db.deleteFrom('login_failures').where('key', '=', key).execute();
  },

  async deleteOldFailures(db: Kysely<DB>, beforeIso: string) {
    await db.deleteFrom('login_failures').where('failed_at', '<', beforeIso).execute();
  },
};
