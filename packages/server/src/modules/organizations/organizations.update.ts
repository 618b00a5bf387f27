import {
  isValidNip,
  normalizeOptionValue,
  VALIDATION,
  type OptionKey,
  type OrganizationUpdate,
} from '@zaplecze/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { TenantDb } from '../../db/tenant';
import { badRequest } from '../../platform/errors';
import { MSG } from '../../platform/messages.pl';
import { isCountryCode } from '../meta';
import { optionsRepository } from '../options';
import { organizationsRepository, toOrganization } from './organizations.repository';

/** The seller's data on invoices kept as options (docs/decisions.md, Seller's data on invoices). */
export type SellerOptions = Partial<
  Record<'INVOICE_PLACE_OF_ISSUE' | 'INVOICE_BANK_NAME' | 'INVOICE_BANK_ACCOUNT', string>
>;

/**
 * The admin CLI's org:update: changes the given fields of organisation `prefix` and its seller
 * options in one transaction, with registration's checks (a known country, a Polish NIP's check
 * digit against the resulting country) and the options' own (the bank account's checksum).
 * Answers the organisation as it is now, or null when no organisation has the prefix.
 */
export async function updateOrganization(
  db: Kysely<DB>,
  prefix: string,
  input: OrganizationUpdate,
  seller: SellerOptions = {},
): Promise<{ organization: ReturnType<typeof toOrganization>; options: Record<string, string> } | null> {
  const options: [OptionKey, string][] = [];
  for (const [key, raw] of Object.entries(seller) as [OptionKey, string | undefined][]) {
    if (raw === undefined) continue;
    const checked = normalizeOptionValue(key, raw);
    if (!checked.ok) throw badRequest(checked.message, key);
    options.push([key, checked.value]);
  }
  return db.transaction().execute(async (trx) => {
    const row = await organizationsRepository.findByPrefix(trx, prefix);
    if (!row) return null;
    const country = input.country ?? row.country_code;
    if (input.country !== undefined && !isCountryCode(country)) throw badRequest(MSG.countryUnknown, 'country');
    const taxId = input.taxId ?? row.tax_id;
    if (country === 'PL' && taxId !== '' && !isValidNip(taxId)) throw badRequest(VALIDATION.nipInvalid, 'taxId');
    await organizationsRepository.update(trx, row.id, {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.taxId !== undefined && { tax_id: input.taxId }),
      ...(input.address !== undefined && { address: input.address }),
      ...(input.postcodeCity !== undefined && { post_code_city: input.postcodeCity }),
      ...(input.country !== undefined && { country_code: input.country }),
    });
    const tdb = new TenantDb(trx, row.id);
    for (const [key, value] of options) await optionsRepository.write(tdb, key, value);
    const stored = await optionsRepository.read(tdb, [
      'INVOICE_PLACE_OF_ISSUE',
      'INVOICE_BANK_NAME',
      'INVOICE_BANK_ACCOUNT',
    ]);
    const updated = await organizationsRepository.findById(trx, row.id);
    if (!updated) return null;
    return { organization: toOrganization(updated), options: Object.fromEntries(stored) };
  });
}
