import { generatedCodes, vatToStored, type itemGenerateSchema } from '@zaplecze/contract';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/context';
import { isUniqueViolation } from '../../db/errors';
import { conflict } from '../../platform/errors';
import { optionsRepository } from '../options';
import { recordChanges } from '../stock';
import { itemsRepository as repo } from './items.repository';
import { checkRefs } from './items.validate';
import { ITEMS_MSG } from './messages.pl';

type Generate = z.output<typeof itemGenerateSchema>;

/** VAT and currency of generated items: the organisation's defaults, else 23% and PLN. */
async function defaults(ctx: AuthContext) {
  const stored = await optionsRepository.read(ctx.tdb, ['VAT_DEFAULT_ITEM', 'CURRENCY_DEFAULT']);
  const currency = stored.get('CURRENCY_DEFAULT') ?? '';
  return {
    vat: vatToStored(stored.get('VAT_DEFAULT_ITEM') ?? '') ?? 2300,
    currency: /^[A-Z]{3}$/.test(currency) ? currency : 'PLN',
  };
}

/**
 * POST /items/generate_many (docs/rules/catalogue-and-orders-rules.md §2.7): codes {before}{n}{after} for n from start
 * to stop, at most 1000 (the schema refuses more). All or nothing: one existing code refuses the
 * whole call, also when a parallel call took it first (409, never a 500). Initial stock is a
 * committed ledger row per item.
 */
export async function generateItems(ctx: AuthContext, g: Generate): Promise<{ generated: number }> {
  const codes = generatedCodes(g);
  const { vat, currency } = await defaults(ctx);
  const now = ctx.deps.now().toISOString();
  try {
    return await insertGenerated(ctx, g, codes, { vat, currency, now });
  } catch (err) {
    // A parallel call inserted some of these codes between the check and the insert (PostgreSQL
    // runs both at once; the unique index refuses the second). The transaction is rolled back by
    // now, so the same 409 as a code taken beforehand is answered, naming the codes.
    if (!isUniqueViolation(err)) throw err;
    const taken = await repo.existingCodes(ctx.tdb, codes);
    throw conflict(
      taken.length > 0 ? ITEMS_MSG.codesTaken(taken.slice(0, 10), taken.length - 10) : ITEMS_MSG.codesRace,
    );
  }
}

async function insertGenerated(
  ctx: AuthContext,
  g: Generate,
  codes: string[],
  { vat, currency, now }: { vat: number; currency: string; now: string },
): Promise<{ generated: number }> {
  return ctx.tdb.transaction(async (tdb) => {
    await checkRefs(tdb, { itemStatusId: g.itemStatusId });
    const taken = await repo.existingCodes(tdb, codes);
    if (taken.length > 0) throw conflict(ITEMS_MSG.codesTaken(taken.slice(0, 10), taken.length - 10));
    const created = await repo.insertMany(
      tdb,
      codes.map((code) => ({
        code,
        gtin: '',
        name: '',
        description: '',
        price: 0,
        vat,
        currency,
        count_ware: 0,
        count_offer: null,
        item_status_id: g.itemStatusId,
        delivery_price_list_id: null,
        delivery_time_id: null,
        item_group_id: null,
        category_id: null,
        place_id: null,
        has_ext: 0,
        ext_code: '',
        ext_url: '',
        ext_price: 0,
        ext_margin: null,
        count_photos: 0,
        count_params: 0,
        main_photo: null,
        main_photo_type: null,
        last_changed: now,
        last_changed_photos: null,
      })),
    );
    await recordChanges(
      ctx.deps,
      tdb,
      created.map((item) => ({ itemId: item.id, quantity: g.countWare, type: 'GENERATE', commit: 'now' })),
    );
    const createdIds = created.map((item) => item.id);
    ctx.deps.events.emit(tdb, 'items.saved', { itemIds: createdIds, createdIds });
    return { generated: created.length };
  });
}
