import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { forgetTokens } from './token-cache';

/** Token queries. These cross organisations by nature (a token finds its org). */
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
      absolute_expires_at: string;
    },
  ) {
    await db.insertInto('auth_tokens').values(row).execute();
  },

  /** The session's end fixed at sign-in, never passed by a renewal. */
  async absoluteEnd(db: Kysely<DB>, tokenId: number): Promise<string | Date | undefined> {
    const row = await db
      .selectFrom('auth_tokens')
      .select('absolute_expires_at')
      .where('id', '=', tokenId)
      .executeTakeFirst();
    return row?.absolute_expires_at;
  },

  async extendToken(
    db: Kysely<DB>,
    tokenId: number,
    set: { valid_to: string; long_session: number; absolute_expires_at: string },
  ) {
    await db.updateTable('auth_tokens').set(set).where('id', '=', tokenId).execute();
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
};
