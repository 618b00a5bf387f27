import { ADMIN_PERMISSION, buildLogin, isValidNip, VALIDATION, type registerRequestSchema } from '@zaplecze/contract';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import { TenantDb } from '../../db/tenant';
import type { RequestContext } from '../../platform/context';
import { badRequest, conflict, forbidden } from '../../platform/errors';
import { MSG } from '../../platform/messages.pl';
import { hashPassword } from '../auth';
import { isCountryCode } from '../meta';
import { organizationsRepository } from '../organizations';
import { usersRepository } from '../users';
import { consumeCaptcha } from '../../platform/captcha';
import { seedStarterData } from './starter-data';

export interface NewOrganization {
  prefix: string;
  name: string;
  taxId: string;
  address: string;
  postCodeCity: string;
  countryCode: string;
  adminUser: string;
  adminPass: string;
  adminEmail: string;
  adminTel: string;
  adminName?: string;
}

/**
 * Creates an organisation, its administrator and its starter lists and options (starter-data.ts)
 * in one transaction. Used by registration, the admin CLI and the demo seed. Answers the
 * administrator's login.
 */
export async function createOrganization(
  ctx: RequestContext,
  input: NewOrganization,
): Promise<{ login: string; orgId: number }> {
  if (!isCountryCode(input.countryCode)) throw badRequest(MSG.countryUnknown, 'country');
  // A Polish company's NIP has a check digit (docs/decisions.md, "NIP check digit"): registration's
  // schema checks it too, this covers every other caller (the admin CLI's org:create).
  if (input.countryCode === 'PL' && input.taxId !== '' && !isValidNip(input.taxId))
    throw badRequest(VALIDATION.nipInvalid, 'taxId');
  const passHash = await hashPassword(input.adminPass);
  const now = ctx.deps.now().toISOString();
  const login = buildLogin(input.prefix, input.adminUser);
  return ctx.db.transaction().execute(async (trx) => {
    if (await organizationsRepository.findByPrefix(trx, input.prefix)) throw conflict(MSG.prefixTaken);
    const orgId = await organizationsRepository
      .insert(trx, {
        prefix: input.prefix,
        name: input.name,
        tax_id: input.taxId,
        address: input.address,
        post_code_city: input.postCodeCity,
        country_code: input.countryCode,
        registered_at: now,
      })
      .catch((err: unknown) => {
        // a parallel registration took the prefix after our check
        throw isUniqueViolation(err) ? conflict(MSG.prefixTaken) : err;
      });
    const tdb = new TenantDb(trx, orgId);
    await usersRepository.insert(tdb, {
      login,
      name: input.adminName ?? '',
      email: input.adminEmail,
      tel: input.adminTel,
      pass_hash: passHash,
      permissions: ADMIN_PERMISSION,
      created_at: now,
    });
    await seedStarterData(tdb);
    return { login, orgId };
  });
}

export async function register(
  ctx: RequestContext,
  body: z.output<typeof registerRequestSchema>,
): Promise<{ login: string }> {
  if (!ctx.deps.config.registrationEnabled) throw forbidden(MSG.registrationDisabled);
  if (!(await consumeCaptcha(ctx.db, ctx.deps.now(), body.captchaUUID, body.captcha)))
    throw badRequest(MSG.captchaWrong, 'captcha');
  const { login } = await createOrganization(ctx, {
    prefix: body.orgPrefix,
    name: body.companyName,
    taxId: body.taxId,
    address: body.address,
    postCodeCity: body.postcodeCity,
    countryCode: body.country,
    adminUser: body.adminUser,
    adminPass: body.adminPass,
    adminEmail: body.adminEmail,
    adminTel: body.adminTel,
  });
  return { login };
}
