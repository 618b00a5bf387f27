import type { User } from '@zaplecze/contract';
import { toIso } from '../../db/database';
import type { TenantDb } from '../../db/tenant';

const USER_COLUMNS = [
  'users.id',
  'users.login',
  'users.name',
  'users.email',
  'users.tel',
  'users.permissions',
  'organizations.id as org_id',
  'organizations.registered_at',
  'organizations.name as org_name',
  'organizations.tax_id',
  'organizations.address',
  'organizations.post_code_city',
  'organizations.country_code',
  'organizations.prefix',
] as const;

function base(tdb: TenantDb) {
  return tdb.selectFrom('users').innerJoin('organizations', 'organizations.id', 'users.org_id').select(USER_COLUMNS);
}

type UserRow = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;

function toUser(r: UserRow): User {
  return {
    id: r.id,
    login: r.login,
    name: r.name,
    email: r.email,
    tel: r.tel,
    permissions: r.permissions,
    organization: {
      id: r.org_id,
      registrationDate: toIso(r.registered_at),
      name: r.org_name,
      taxId: r.tax_id,
      address: r.address,
      postCodeCity: r.post_code_city,
      countryCode: r.country_code,
      prefix: r.prefix,
    },
  };
}

/** Users of one organisation; every query is scoped by the TenantDb. */
export const usersRepository = {
  async list(tdb: TenantDb): Promise<User[]> {
    const rows = await base(tdb).orderBy('users.id').execute();
    return rows.map(toUser);
  },

  async findById(tdb: TenantDb, id: number): Promise<User | undefined> {
    const row = await base(tdb).where('users.id', '=', id).executeTakeFirst();
    return row ? toUser(row) : undefined;
  },

  findSecret(tdb: TenantDb, id: number) {
    return tdb
      .selectFrom('users')
      .select(['id', 'login', 'pass_hash', 'permissions'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /**
   * Whether a full login is taken. Checking inside the organisation is enough: the prefix is
   * unique and contains no '_', so another organisation's login can never be equal.
   */
  async loginExists(tdb: TenantDb, login: string, exceptId?: number): Promise<boolean> {
    let q = tdb.selectFrom('users').select('id').where('login', '=', login.toLowerCase());
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },

  async insert(
    tdb: TenantDb,
    row: {
      login: string;
      name: string;
      email: string;
      tel: string;
      pass_hash: string;
      permissions: string;
      created_at: string;
    },
  ): Promise<number> {
    const r = await tdb.insertInto('users', row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },

  async update(
    tdb: TenantDb,
    id: number,
    patch: Partial<{ login: string; name: string; email: string; tel: string; pass_hash: string; permissions: string }>,
  ): Promise<number> {
    if (Object.keys(patch).length === 0) return 1;
    const r = await tdb.updateTable('users').set(patch).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  async remove(tdb: TenantDb, id: number): Promise<number> {
    const r = await tdb.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows);
  },

  async adminIds(tdb: TenantDb): Promise<number[]> {
    const rows = await tdb.selectFrom('users').select(['id', 'permissions']).execute();
    return rows.filter((r) => r.permissions.split(';').includes('main.admin')).map((r) => r.id);
  },
};
