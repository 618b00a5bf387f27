import type { RegisterRequest } from '@zaplecze/contract';
import { createOrg, createUser, registrationData, type TestOrg } from '../../packages/server/test/factories';
import type { TestServer } from '../../packages/server/test/harness';

export { createUser, registrationData, type TestOrg };

/** Registers an organisation through the API (captcha answered by the harness) and signs its admin in. */
export async function newOrg(server: TestServer, overrides: Partial<RegisterRequest> = {}): Promise<TestOrg> {
  return createOrg(server, overrides);
}
