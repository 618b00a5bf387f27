import {
  MAIN_PARAMETERS_CAT_ID,
  PARAMETER_TYPES,
  type Parameter,
  type parameterInputSchema,
  type parametersQuerySchema,
  type ParameterType,
} from '@zaplecze/contract';
import type { z } from 'zod';
import type { TenantDb } from '../../db/tenant';
import type { AuthContext } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import { lineageOf, treeRepository } from '../catalog-trees';
import { PARAM_MSG } from './messages.pl';
import {
  type ParameterColumns,
  type ParameterFilter,
  parametersRepository as repo,
  type ParameterRow,
} from './parameters.repository';

type ParameterInput = z.output<typeof parameterInputSchema>;
type ParametersQuery = z.output<typeof parametersQuerySchema>;

const collator = new Intl.Collator('pl');

/**
 * GET /parameters filters (docs/rules/catalogue-and-orders-rules.md §2.9, §5):
 * - no catId: every parameter;
 * - catId -1: only the main (global) parameters, those without a category;
 * - catId X with isCatStrict: only the parameters of category X;
 * - catId X otherwise: those of X, of every ancestor of X and the global ones, i.e. every
 *   parameter an item in category X can carry.
 * An unknown category (or another organisation's) answers 404. Sorted by name, then id.
 */
export async function list(ctx: AuthContext, query: ParametersQuery): Promise<Parameter[]> {
  const rows = await repo.list(ctx.tdb, await filterOf(ctx.tdb, query));
  return rows.sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id).map(toParameter);
}

async function filterOf(tdb: TenantDb, query: ParametersQuery): Promise<ParameterFilter> {
  const { catId } = query;
  if (catId === undefined) return { kind: 'all' };
  if (catId === MAIN_PARAMETERS_CAT_ID) return { kind: 'global' };
  const lineage = lineageOf(await treeRepository.links(tdb, 'categories'), catId);
  if (!lineage) throw notFound(PARAM_MSG.filterCategoryNotFound);
  return query.isCatStrict
    ? { kind: 'categories', ids: [catId], withGlobal: false }
    : { kind: 'categories', ids: lineage, withGlobal: true };
}

export async function getOne(ctx: AuthContext, id: number): Promise<Parameter> {
  const row = await repo.findById(ctx.tdb, id);
  if (!row) throw notFound(PARAM_MSG.notFound);
  return toParameter(row);
}

export function create(ctx: AuthContext, input: ParameterInput): Promise<Parameter> {
  return ctx.tdb.transaction(async (tdb) => {
    await checkCategory(tdb, input.categoryId);
    return toParameter((await repo.findById(tdb, await repo.insert(tdb, columnsOf(input))))!);
  });
}

export function update(ctx: AuthContext, id: number, input: ParameterInput): Promise<Parameter> {
  return ctx.tdb.transaction(async (tdb) => {
    if (!(await repo.findById(tdb, id))) throw notFound(PARAM_MSG.notFound);
    await checkCategory(tdb, input.categoryId);
    await repo.update(tdb, id, columnsOf(input));
    return toParameter((await repo.findById(tdb, id))!);
  });
}

export function remove(ctx: AuthContext, id: number): Promise<void> {
  return ctx.tdb.transaction(async (tdb) => {
    if (!(await repo.findById(tdb, id))) throw notFound(PARAM_MSG.notFound);
    await ctx.deps.usage.assertUnused(tdb, 'parameters', id);
    await repo.remove(tdb, id);
  });
}

/**
 * The category must exist in the caller's organisation (another organisation's id reads as
 * missing). The categories' lock keeps it from being deleted before this transaction ends.
 */
async function checkCategory(tdb: TenantDb, categoryId: number | null): Promise<void> {
  if (categoryId === null) return;
  await treeRepository.lock(tdb, 'categories');
  if (!(await treeRepository.findById(tdb, 'categories', categoryId))) {
    throw badRequest(PARAM_MSG.categoryNotFound, 'categoryId');
  }
}

function columnsOf(input: ParameterInput): ParameterColumns {
  return {
    name: input.name,
    category_id: input.categoryId,
    type: input.type,
    is_multi: input.isMulti ? 1 : 0,
    // The schema already empties the dictionary of every type but DICT.
    dictionary: JSON.stringify(input.type === 'DICT' ? input.dictionary : []),
  };
}

function toParameter(row: ParameterRow): Parameter {
  return {
    id: row.id,
    name: row.name,
    categoryId: row.category_id,
    category:
      row.category_id === null
        ? null
        : {
            id: row.category_id,
            number: row.cat_number ?? '',
            fullNumber: row.cat_full_number ?? '',
            fullName: row.cat_full_name ?? '',
          },
    type: toType(row.type),
    isMulti: Boolean(row.is_multi),
    dictionary: parseDictionary(row.dictionary),
  };
}

function toType(type: string): ParameterType {
  return (PARAMETER_TYPES as readonly string[]).includes(type) ? (type as ParameterType) : 'STRING';
}

function parseDictionary(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}
