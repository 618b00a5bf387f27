import type { OptionKey } from '@zaplecze/contract';
import type { z } from 'zod';
import type { TenantDb } from '../../db/tenant';
import type { AuthContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { optionKeysPointingAt, optionsRepository } from '../options';
import type { DefaultFlags, ListDefinition, ListRow } from './list-definition';
import { listRepository } from './list.repository';

async function defaultsOf(tdb: TenantDb, def: ListDefinition): Promise<(id: number) => DefaultFlags> {
  if (!def.defaults) return () => ({ isDefault: false, isDefaultStationary: false });
  const keys: OptionKey[] = [def.defaults.default, ...(def.defaults.stationary ? [def.defaults.stationary] : [])];
  const stored = await optionsRepository.read(tdb, keys);
  const dflt = stored.get(def.defaults.default);
  const stationary = def.defaults.stationary ? stored.get(def.defaults.stationary) : undefined;
  return (id) => ({ isDefault: dflt === String(id), isDefaultStationary: stationary === String(id) });
}

async function dto(tdb: TenantDb, def: ListDefinition, row: ListRow) {
  return def.toDto(row, (await defaultsOf(tdb, def))(row.id));
}

export async function list(ctx: AuthContext, def: ListDefinition): Promise<unknown[]> {
  const [rows, flags] = await Promise.all([listRepository.list(ctx.tdb, def.table), defaultsOf(ctx.tdb, def)]);
  return rows.map((r) => def.toDto(r, flags(r.id)));
}

export async function getOne(ctx: AuthContext, def: ListDefinition, id: number): Promise<unknown> {
  const row = await listRepository.findById(ctx.tdb, def.table, id);
  if (!row) throw notFound(def.notFound);
  return dto(ctx.tdb, def, row);
}

export async function create(ctx: AuthContext, def: ListDefinition, body: z.output<ListDefinition['input']>) {
  const row = await listRepository.insert(ctx.tdb, def.table, def.toColumns(body));
  return dto(ctx.tdb, def, row);
}

export async function update(
  ctx: AuthContext,
  def: ListDefinition,
  id: number,
  body: z.output<ListDefinition['input']>,
) {
  const row = await listRepository.update(ctx.tdb, def.table, id, def.toColumns(body));
  if (!row) throw notFound(def.notFound);
  return dto(ctx.tdb, def, row);
}

/** Refused with 409 while something uses the row; default options pointing at it are cleared. */
export async function remove(ctx: AuthContext, def: ListDefinition, id: number): Promise<void> {
  await ctx.tdb.transaction(async (tdb) => {
    if (!(await listRepository.findById(tdb, def.table, id))) throw notFound(def.notFound);
    await ctx.deps.usage.assertUnused(tdb, def.table, id);
    await ctx.deps.usage.release(tdb, def.table, id);
    await optionsRepository.clearPointingAt(tdb, optionKeysPointingAt(def.table), id);
    await listRepository.remove(tdb, def.table, id);
  });
}
