import type { RegisterRequest } from '@zaplecze/contract';
import {
  createOrg,
  createUser,
  orgIdOf as orgIdFromToken,
  registrationData,
  type TestOrg,
} from '../../packages/server/test/factories';
import type { TestServer } from '../../packages/server/test/harness';

export { createUser, registrationData, type TestOrg };

/** Registers an organisation through the API (captcha answered by the harness) and signs its admin in. */
export async function newOrg(server: TestServer, overrides: Partial<RegisterRequest> = {}): Promise<TestOrg> {
  return createOrg(server, overrides);
}

/** The organisation's id (the server is not needed: its administrator's sign-in answered it). */
export function orgIdOf(_server: TestServer, org: TestOrg): Promise<number> {
  return Promise.resolve(orgIdFromToken(org));
}

/** The id of one of the organisation's item statuses (registration creates them). */
export async function itemStatusOf(server: TestServer, org: TestOrg): Promise<number> {
  const orgId = await orgIdOf(server, org);
  const row = await server.database.db
    .selectFrom('item_statuses')
    .select('id')
    .where('org_id', '=', orgId)
    .executeTakeFirstOrThrow();
  return row.id;
}
