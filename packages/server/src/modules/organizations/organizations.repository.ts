import type { Kysely, Transaction } from 'kysely';
import type { Organization } from '@zaplecze/contract';
import { toIso } from '../../db/database';
import type { DB, OrganizationsTable } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;
type OrgRow = Omit<OrganizationsTable, 'id'> & { id: number };

export function toOrganization(row: OrgRow): Organization {
  return {
    id: row.id,
    registrationDate: toIso(row.registered_at),
    name: row.name,
    taxId: row.tax_id,
    address: row.address,
    postCodeCity: row.post_code_city,
    countryCode: row.country_code,
    prefix: row.prefix,
  };
}

/** Organisations are the tenants themselves, so these queries take the raw executor. */
export const organizationsRepository = {
  async insert(db: Executor, row: Omit<OrgRow, 'id'>): Promise<number> {
    const r = await db.insertInto('organizations').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },

  findByPrefix(db: Executor, prefix: string) {
    return db.selectFrom('organizations').selectAll().where('prefix', '=', prefix.toLowerCase()).executeTakeFirst();
  },

  async update(
    db: Executor,
    id: number,
    patch: Partial<Pick<OrgRow, 'name' | 'tax_id' | 'address' | 'post_code_city' | 'country_code'>>,
  ): Promise<void> {
    if (Object.keys(patch).length > 0) await db.updateTable('organizations').set(patch).where('id', '=', id).execute();
  },

  findById(db: Executor, id: number) {
    return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
  },
};
