import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { TenantDb } from '../../db/tenant';

const LISTED = [
  'api_tokens.id',
  'api_tokens.name',
  'api_tokens.user_id',
  'users.login as user_login',
  'users.permissions as user_permissions',
  'api_tokens.permissions',
  'api_tokens.created_at',
  'api_tokens.expires_at',
  'api_tokens.revoked_at',
  'api_tokens.last_used_at',
  'api_tokens.last_used_ip',
] as const;

function listed(tdb: TenantDb) {
  return tdb
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select(LISTED)
    .orderBy('api_tokens.id', 'desc');
}

export type ApiTokenRow = Awaited<ReturnType<ReturnType<typeof listed>['executeTakeFirstOrThrow']>>;

/** API token queries (docs/decisions.md, API tokens); only the guard's lookup crosses organisations. */
export const apiTokensRepository = {
  /** The guard's lookup by hash: the token and its user as they are now (a token finds its organisation). */
  findByHash(db: Kysely<DB>, tokenHash: string) {
    return db
      .selectFrom('api_tokens')
      .innerJoin('users', (j) =>
        j.onRef('users.id', '=', 'api_tokens.user_id').onRef('users.org_id', '=', 'api_tokens.org_id'),
      )
      .select([
        'api_tokens.id as tokenId',
        'api_tokens.name',
        'api_tokens.permissions as tokenPermissions',
        'api_tokens.expires_at',
        'api_tokens.revoked_at',
        'users.id as userId',
        'users.org_id',
        'users.login',
        'users.permissions as userPermissions',
      ])
      .where('api_tokens.token_hash', '=', tokenHash)
      .executeTakeFirst();
  },

  /** Notes a use unless one was noted after `staleBeforeIso` (by this process or another). */
  async touch(db: Kysely<DB>, tokenId: number, nowIso: string, ip: string, staleBeforeIso: string) {
    await db
      .updateTable('api_tokens')
      .set({ last_used_at: nowIso, last_used_ip: ip.slice(0, 64) })
      .where('id', '=', tokenId)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBeforeIso)]))
      .execute();
  },

  list(tdb: TenantDb, userId?: number): Promise<ApiTokenRow[]> {
    let q = listed(tdb);
    if (userId !== undefined) q = q.where('api_tokens.user_id', '=', userId);
    return q.execute();
  },

  findOne(tdb: TenantDb, id: number): Promise<ApiTokenRow | undefined> {
    return listed(tdb).where('api_tokens.id', '=', id).executeTakeFirst();
  },

  /** Tokens of a user that are neither revoked nor expired. */
  async countActive(tdb: TenantDb, userId: number, nowIso: string): Promise<number> {
    const row = await tdb
      .selectFrom('api_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', nowIso)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async insert(
    tdb: TenantDb,
    row: {
      user_id: number;
      name: string;
      token_hash: string;
      permissions: string;
      created_at: string;
      expires_at: string;
    },
  ): Promise<number> {
    const r = await tdb.insertInto('api_tokens', row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },

  /** Revokes a token that is not revoked yet; answers whether this call did. */
  async revoke(tdb: TenantDb, id: number, nowIso: string): Promise<boolean> {
    const r = await tdb
      .updateTable('api_tokens')
      .set({ revoked_at: nowIso })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** Housekeeping: tokens that ended or were revoked before `beforeIso` (listed until then). */
  async purge(db: Kysely<DB>, beforeIso: string) {
    await db
      .deleteFrom('api_tokens')
      .where((eb) => eb.or([eb('expires_at', '<', beforeIso), eb('revoked_at', '<', beforeIso)]))
      .execute();
  },
};
