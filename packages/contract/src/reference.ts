import { z } from 'zod';
import { strictNumber } from './numbers';
import { DEFAULT_STATUS_COLOR } from './constants';
import { VALIDATION as V } from './messages';
import { idSchema } from './schemas';

// ---- reference data: simple lists, statuses, trees, package sizes, parameters ----------------
// docs/rules/platform-rules.md §3, docs/rules/catalogue-and-orders-rules.md §3, §5, §7.1. The same schemas validate the server's input
// and drive the web forms.

export const REFERENCE_NAME_MAX = 200;
export const ADDITIONAL_DESC_MAX = 65_000;
export const TREE_NUMBER_MAX = 50;
export const PACKAGE_SIZE_MAX_MM = 100_000;
export const DICTIONARY_MAX_ENTRIES = 1000;
/** Separators of the computed tree paths: fullNumber `A-1-2`, fullName `Hala / Regał 1 / Półka 2`. */
export const TREE_NUMBER_SEPARATOR = '-';
export const TREE_NAME_SEPARATOR = ' / ';

export const nameSchema = z
  .string({ error: V.nameRequired })
  .trim()
  .min(1, { error: V.nameRequired })
  .max(REFERENCE_NAME_MAX, { error: V.tooLong });

/** Colour as 6 hex digits without '#', stored lower-case; '#' and upper case are accepted. */
export const colorSchema = z
  .string({ error: V.colorInvalid })
  .trim()
  .transform((c) => c.replace(/^#/, '').toLowerCase())
  .pipe(z.string().regex(/^[0-9a-f]{6}$/, { error: V.colorInvalid }));

/** For PUT bodies: the id of an existing row. */
const withId = { id: idSchema };

// Simple lists: delivery price list, delivery time, item group, income source (id, name).
export const namedInputSchema = z.object({ name: nameSchema });
export const namedSchema = z.object({ id: z.number(), name: z.string() });
export type Named = z.infer<typeof namedSchema>;

export const additionalDescInputSchema = z.object({
  name: nameSchema,
  description: z
    .string({ error: V.descriptionRequired })
    .trim()
    .min(1, { error: V.descriptionRequired })
    .max(ADDITIONAL_DESC_MAX, { error: V.tooLong }),
});
export const additionalDescSchema = z.object({ id: z.number(), name: z.string(), description: z.string() });
export type AdditionalDesc = z.infer<typeof additionalDescSchema>;

export const itemStatusInputSchema = z.object({ name: nameSchema, color: colorSchema.default(DEFAULT_STATUS_COLOR) });
export const itemStatusSchema = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  isDefault: z.boolean(),
});
export type ItemStatus = z.infer<typeof itemStatusSchema>;

export const incomeSourceSchema = z.object({
  id: z.number(),
  name: z.string(),
  isDefault: z.boolean(),
  isDefaultStationary: z.boolean(),
});
export type IncomeSource = z.infer<typeof incomeSourceSchema>;

export const orderStatusInputSchema = itemStatusInputSchema;
export const orderStatusSchema = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  isDefault: z.boolean(),
  isDefaultStationary: z.boolean(),
});
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Adds the PUT variant (with id) to an input schema. */
export function updateSchemaOf<T extends z.ZodObject>(input: T) {
  return input.extend(withId);
}

// ---- trees: categories and warehouse places --------------------------------------------------

export const treeNumberSchema = z
  .string({ error: V.numberRequired })
  .trim()
  .min(1, { error: V.numberRequired })
  .max(TREE_NUMBER_MAX, { error: V.tooLong });

/** Body of POST/PUT /categories and /places; children and parent objects are ignored. */
export const treeNodeInputSchema = z.object({
  name: nameSchema,
  number: treeNumberSchema,
  parentId: idSchema.nullable().optional().default(null),
});
export type TreeNodeInput = z.input<typeof treeNodeInputSchema>;
export const treeNodeSchema = z.object({
  id: z.number(),
  number: z.string(),
  name: z.string(),
  parentId: z.number().nullable(),
  fullNumber: z.string(),
  fullName: z.string(),
});
export type TreeNode = z.infer<typeof treeNodeSchema>;
export type Category = TreeNode;
export type Place = TreeNode;

// ---- defined package sizes -------------------------------------------------------------------

const mmSchema = strictNumber(
  z
    .number({ error: V.sizeInvalid })
    .int({ error: V.sizeInvalid })
    .min(0, { error: V.sizeInvalid })
    .max(PACKAGE_SIZE_MAX_MM, { error: V.sizeInvalid }),
);
export const userSizeInputSchema = z.object({
  name: nameSchema,
  sizeA: mmSchema.default(0),
  sizeB: mmSchema.default(0),
  sizeC: mmSchema.default(0),
});
export const userSizeSchema = z.object({
  id: z.number(),
  name: z.string(),
  sizeA: z.number(),
  sizeB: z.number(),
  sizeC: z.number(),
});
export type UserSize = z.infer<typeof userSizeSchema>;

// ---- parameters ------------------------------------------------------------------------------

export const PARAMETER_TYPES = ['STRING', 'NUMBER_INT', 'NUMBER_REAL', 'DICT'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

const parameterFields = z.object({
  name: nameSchema,
  categoryId: idSchema.nullable().optional().default(null),
  type: z.enum(PARAMETER_TYPES, { error: V.parameterTypeInvalid }),
  isMulti: z.boolean().optional().default(false),
  dictionary: z
    .array(z.string().trim().min(1, { error: V.dictionaryEntryEmpty }).max(REFERENCE_NAME_MAX, { error: V.tooLong }))
    .max(DICTIONARY_MAX_ENTRIES, { error: V.dictionaryTooLong })
    .optional()
    .default([]),
});

/** A dictionary parameter needs unique entries; other types keep none. */
function checkedParameter<T extends z.ZodType<z.output<typeof parameterFields>>>(schema: T) {
  return schema
    .superRefine((p, ctx) => {
      if (p.type === 'DICT' && p.dictionary.length === 0)
        ctx.addIssue({ code: 'custom', message: V.dictionaryRequired, path: ['dictionary'] });
      if (new Set(p.dictionary.map((d) => d.toLowerCase())).size !== p.dictionary.length)
        ctx.addIssue({ code: 'custom', message: V.dictionaryDuplicate, path: ['dictionary'] });
    })
    .transform((p) => ({ ...p, dictionary: p.type === 'DICT' ? p.dictionary : [] }));
}

export const parameterInputSchema = checkedParameter(parameterFields);
export type ParameterInput = z.input<typeof parameterFields>;
export const parameterUpdateSchema = checkedParameter(parameterFields.extend(withId));

export const parameterSchema = z.object({
  id: z.number(),
  name: z.string(),
  categoryId: z.number().nullable(),
  category: z.object({ id: z.number(), number: z.string(), fullNumber: z.string(), fullName: z.string() }).nullable(),
  type: z.enum(PARAMETER_TYPES),
  isMulti: z.boolean(),
  dictionary: z.array(z.string()),
});
export type Parameter = z.infer<typeof parameterSchema>;

/** GET /parameters filters: catId -1 = main (global) parameters; '0' and 'false' count as false. */
export const MAIN_PARAMETERS_CAT_ID = -1;
export const parametersQuerySchema = z.object({
  id: idSchema.optional(),
  catId: strictNumber(
    z
      .number({ error: V.idInvalid })
      .int({ error: V.idInvalid })
      .refine((n) => n === MAIN_PARAMETERS_CAT_ID || (n > 0 && n <= 2_147_483_647), { error: V.idInvalid }),
  ).optional(),
  isCatStrict: z
    .union([z.boolean(), z.string()])
    .transform((v) => v === true || (typeof v === 'string' && v !== '' && v !== '0' && v.toLowerCase() !== 'false'))
    .optional(),
});

// ---- list answers (docs/rules/catalogue-and-orders-rules.md §7.1 list keys) ---------------------------------------

export const additionalDescsResponseSchema = z.object({ additionalDescs: z.array(additionalDescSchema) });
export const deliveryPriceListsResponseSchema = z.object({ deliveryPriceLists: z.array(namedSchema) });
export const deliveryTimesResponseSchema = z.object({ deliveryTimes: z.array(namedSchema) });
export const itemGroupsResponseSchema = z.object({ itemGroups: z.array(namedSchema) });
export const itemStatusesResponseSchema = z.object({ itemStatuses: z.array(itemStatusSchema) });
export const incomeSourcesResponseSchema = z.object({ incomeSources: z.array(incomeSourceSchema) });
export const orderStatusesResponseSchema = z.object({ orderStatuses: z.array(orderStatusSchema) });
export const categoriesResponseSchema = z.object({ categories: z.array(treeNodeSchema) });
export const placesResponseSchema = z.object({ places: z.array(treeNodeSchema) });
export const userSizesResponseSchema = z.object({ userSizes: z.array(userSizeSchema) });
export const parametersResponseSchema = z.object({ params: z.array(parameterSchema) });
