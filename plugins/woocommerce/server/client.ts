import { z } from 'zod';
import {
  badRequest,
  OutsideClient,
  OutsideMalformedError,
  readPluginSecret,
  readPluginSettings,
  type PluginJobContext,
  type TenantDb,
} from '@zaplecze/plugin-sdk';
import { manifest } from '../manifest';
import { WOO_MSG, wooSettingsSchema, type WooSettings } from '../schemas';

export const ID = 'woocommerce';
type Deps = PluginJobContext['deps'];

export async function loadSettings(tdb: TenantDb, deps: Deps): Promise<WooSettings> {
  const s = await readPluginSettings(tdb, deps.config, ID, manifest.settings!);
  return wooSettingsSchema.parse(s.values);
}

/** The WooCommerce shapes the plugin reads (docs/plugins.md, "Plugin: woocommerce"); other fields pass. */
const money = z.union([z.string(), z.number()]).transform((v) => Number(v) || 0);
const address = z
  .object({
    first_name: z.string().default(''),
    last_name: z.string().default(''),
    company: z.string().default(''),
    address_1: z.string().default(''),
    address_2: z.string().default(''),
    city: z.string().default(''),
    postcode: z.string().default(''),
    country: z.string().default(''),
    email: z.string().nullable().optional(),
    phone: z.string().nullable().optional(),
  })
  .partial()
  .default({});
export const wooOrderSchema = z.object({
  id: z.number().int().positive(),
  number: z.union([z.string(), z.number()]).transform(String),
  status: z.string(),
  currency: z.string(),
  date_created_gmt: z.string(),
  date_modified_gmt: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
  shipping_total: money,
  shipping_tax: money.default(0),
  customer_note: z.string().default(''),
  billing: address,
  shipping: address,
  payment_method: z.string().default(''),
  payment_method_title: z.string().default(''),
  line_items: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      product_id: z.number().default(0),
      variation_id: z.number().default(0),
      quantity: z.number().int(),
      sku: z.string().nullable().default(''),
      total: money,
      total_tax: money,
      tax_class: z.string().nullable().default(''),
    }),
  ),
  shipping_lines: z.array(z.object({ method_id: z.string(), method_title: z.string().default('') })).default([]),
  meta_data: z.array(z.object({ key: z.string(), value: z.unknown() })).default([]),
});
export type WooOrder = z.infer<typeof wooOrderSchema>;
/** Enough of an order to place it in the sequence when the rest is malformed. */
export const wooOrderKeySchema = z.object({
  id: z.number().int().positive(),
  date_modified_gmt: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
});
export const wooNoteSchema = z.object({ id: z.number(), note: z.string(), customer_note: z.boolean().default(false) });
export const wooProductSchema = z.object({
  id: z.number(),
  sku: z.string().nullable().default(''),
  type: z.string().default('simple'),
  parent_id: z.number().default(0),
  global_unique_id: z.string().nullable().optional(),
});
export type WooProduct = z.infer<typeof wooProductSchema>;
export const wooBatchAnswerSchema = z.object({
  update: z
    .array(
      z.object({
        id: z.number(),
        error: z.object({ code: z.string().optional(), message: z.string() }).optional(),
      }),
    )
    .default([]),
});

/** WooCommerce's error body `{code, message, data: {status}}`: its message for the seller. */
function wooMessage(_status: number, body: unknown): string | undefined {
  const m = (body as { message?: unknown } | undefined)?.message;
  return typeof m === 'string' && m.trim() !== ''
    ? `Sklep WooCommerce: ${m.replace(/<[^>]*>/g, '').slice(0, 300)}`
    : undefined;
}

/**
 * The shop's REST API v3 through the SDK's OutsideClient (call log, failures): HTTP Basic with
 * the consumer key and secret (the shop must use HTTPS; WooCommerce refuses Basic over plain HTTP).
 * Throws a Polish AppError when the address or the keys are not set.
 */
export async function wooClient(
  tdb: TenantDb,
  deps: Deps,
  settings: WooSettings,
  jobId?: number,
): Promise<OutsideClient> {
  if (settings.url === '') throw badRequest(WOO_MSG.noUrl);
  return new OutsideClient({
    pluginId: ID,
    tdb,
    deps,
    baseUrl: `${settings.url.replace(/\/+$/, '')}/wp-json/wc/v3`,
    ...(jobId !== undefined ? { jobId } : {}),
    headers: async (): Promise<Record<string, string>> => {
      const key = await readPluginSecret(tdb, deps.config, ID, 'consumerKey');
      const secret = await readPluginSecret(tdb, deps.config, ID, 'consumerSecret');
      if (!key || !secret) return {};
      return { authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}` };
    },
    userMessage: wooMessage,
  });
}

/** Parses an answer or throws OutsideMalformedError (logged by the caller's flow). */
export function parseAnswer<T>(schema: z.ZodType<T>, data: unknown, what: string): T {
  const r = schema.safeParse(data);
  if (!r.success) throw new OutsideMalformedError(what);
  return r.data;
}

/** Whether the seller has given the address and both keys (jobs do nothing until then). */
export async function isConfigured(tdb: TenantDb, deps: Deps, settings: WooSettings): Promise<boolean> {
  if (settings.url === '') return false;
  const key = await readPluginSecret(tdb, deps.config, ID, 'consumerKey');
  const secret = await readPluginSecret(tdb, deps.config, ID, 'consumerSecret');
  return Boolean(key && secret);
}
