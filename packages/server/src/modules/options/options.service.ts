import {
  hasPermissionExact,
  normalizeOptionValue,
  OPTION_KEYS,
  OPTIONS,
  optionDefault,
  type Option,
  type OptionKey,
  type OptionKind,
  VALIDATION,
} from '@zaplecze/contract';
import type { TenantDb } from '../../db/tenant';
import type { AuthContext } from '../../platform/context';
import { badRequest, forbidden } from '../../platform/errors';
import { optionsRepository } from './options.repository';

/** Values of the given keys; an unset key reads as its default ('' or the boolean default). */
export async function readOptions(tdb: TenantDb, keys: readonly OptionKey[]): Promise<Option[]> {
  const stored = await optionsRepository.read(tdb, keys);
  return keys.map((key) => ({ key, value: stored.get(key) ?? optionDefault(key) }));
}

export async function getOption(ctx: AuthContext, key: OptionKey): Promise<Option> {
  const [option] = await readOptions(ctx.tdb, [key]);
  return option!;
}

export async function getOptions(ctx: AuthContext, keys: OptionKey[]): Promise<{ options: Option[] }> {
  return { options: await readOptions(ctx.tdb, [...new Set(keys)]) };
}

async function idExists(tdb: TenantDb, table: Extract<OptionKind, { type: 'id' }>['table'], id: number) {
  const row = await tdb.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/**
 * Writes options in one transaction. Each key needs its own edit permission (a default item
 * status is set from the item statuses screen with main.items.edit, for instance); each value
 * is validated by its key's kind, and an id option must name a row of the caller's organisation.
 */
export async function putOptions(ctx: AuthContext, options: Option[]): Promise<void> {
  const checked: Option[] = [];
  for (const { key, value } of options) {
    const def = OPTIONS[key];
    if (!hasPermissionExact(ctx.user.permissions, def.editPermission)) throw forbidden();
    const result = normalizeOptionValue(key, value);
    if (!result.ok) throw badRequest(result.message, key);
    checked.push({ key, value: result.value });
  }
  await ctx.tdb.transaction(async (tdb) => {
    for (const { key, value } of checked) {
      const kind: OptionKind = OPTIONS[key].kind;
      if (kind.type === 'id' && value !== '' && !(await idExists(tdb, kind.table, Number(value)))) {
        throw badRequest(VALIDATION.optionIdInvalid, key);
      }
      await optionsRepository.write(tdb, key, value);
    }
  });
}

/** Option keys whose value is an id of the given table (cleared when that row is deleted). */
export function optionKeysPointingAt(table: string): OptionKey[] {
  return OPTION_KEYS.filter((k) => {
    const kind: OptionKind = OPTIONS[k].kind;
    return kind.type === 'id' && kind.table === table;
  });
}
