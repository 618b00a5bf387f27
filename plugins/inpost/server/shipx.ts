import { z } from 'zod';
import {
  OutsideClient,
  OutsideMalformedError,
  OutsideRefusedError,
  readPluginSecret,
  readPluginSettings,
  type CarrierDeps,
  type TenantDb,
} from '@zaplecze/plugin-sdk';
import { manifest } from '../manifest';
import { INPOST_MSG, inpostSettingsSchema, type InpostSettings } from '../schemas';

export const ID = 'inpost';

export async function loadSettings(tdb: TenantDb, deps: CarrierDeps): Promise<InpostSettings> {
  const s = await readPluginSettings(tdb, deps.config, ID, manifest.settings!);
  return inpostSettingsSchema.parse(s.values);
}

/** ShipX's Shipment as the plugin reads it (docs/plugins.md, "Plugin: inpost"); other fields pass. */
export const shipmentSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  status: z.string(),
  tracking_number: z.string().nullable().optional(),
  reference: z.string().nullable().optional(),
  service: z.string().optional(),
  created_at: z.string().optional(),
});
export type ShipxShipment = z.infer<typeof shipmentSchema>;
export const shipmentListSchema = z.object({
  count: z.number().optional(),
  page: z.number().optional(),
  per_page: z.number().optional(),
  items: z.array(shipmentSchema),
});

/** The Polish words for ShipX's validation keys (its `details`), the rest shown as they come. */
const DETAIL_WORDS: Record<string, string> = {
  required: 'wymagane',
  invalid: 'nieprawidłowe',
  invalid_format: 'zły format',
  does_not_exist: 'nie istnieje',
  too_short: 'za krótkie',
  too_long: 'za długie',
  too_many: 'za dużo',
  invalid_length: 'zła długość',
  invalid_status: 'zły stan przesyłki',
};
const FIELD_WORDS: Record<string, string> = {
  'receiver.email': 'e-mail odbiorcy',
  'receiver.phone': 'telefon odbiorcy',
  'receiver.name': 'nazwa odbiorcy',
  'receiver.address.street': 'ulica odbiorcy',
  'receiver.address.building_number': 'numer budynku odbiorcy',
  'receiver.address.city': 'miejscowość odbiorcy',
  'receiver.address.post_code': 'kod pocztowy odbiorcy',
  'custom_attributes.target_point': 'paczkomat',
  insurance: 'ubezpieczenie',
  parcels: 'paczki',
  reference: 'numer referencyjny',
  service: 'usługa',
  shipments: 'przesyłki',
};

/**
 * ShipX's error body `{status, error, message, details}` as a Polish message: the field-by-field
 * details where it gives them (its stable keys, not its English message, which may change).
 */
export function shipxMessage(status: number, body: unknown): string | undefined {
  const b = body as { error?: unknown; message?: unknown; details?: unknown } | undefined;
  if (!b || typeof b !== 'object') return undefined;
  const details = b.details && typeof b.details === 'object' ? (b.details as Record<string, unknown>) : {};
  const parts = Object.entries(details).map(([field, keys]) => {
    const list = (Array.isArray(keys) ? keys : [keys]).map((k) => DETAIL_WORDS[String(k)] ?? String(k));
    return `${FIELD_WORDS[field] ?? field}: ${list.join(', ')}`;
  });
  if (parts.length > 0) return `InPost odrzucił dane przesyłki: ${parts.join('; ')}.`;
  if (b.error === 'invalid_action') return 'InPost: ta operacja nie jest możliwa w obecnym stanie przesyłki.';
  if (b.error === 'resource_not_found') return 'InPost: nie ma takiej przesyłki.';
  if (status === 401) return 'InPost odrzucił token API. Sprawdź token w ustawieniach wtyczki.';
  if (status === 403) return 'InPost: token nie ma dostępu do tej organizacji. Sprawdź numer organizacji.';
  if (typeof b.message === 'string' && b.message.trim() !== '') return `InPost: ${b.message.slice(0, 300)}`;
  return undefined;
}

/** The organisation's ShipX client: its settings, the token read for every call, calls logged. */
export class Shipx {
  private constructor(
    readonly settings: InpostSettings,
    readonly client: OutsideClient,
  ) {}

  static async of(tdb: TenantDb, deps: CarrierDeps, jobId?: number): Promise<Shipx> {
    const settings = await loadSettings(tdb, deps);
    const client = new OutsideClient({
      pluginId: ID,
      tdb,
      deps,
      baseUrl: settings.apiUrl,
      timeoutMs: 20_000,
      ...(jobId !== undefined ? { jobId } : {}),
      headers: async (): Promise<Record<string, string>> => {
        const token = await readPluginSecret(tdb, deps.config, ID, 'token');
        return token ? { authorization: `Bearer ${token}` } : {};
      },
      userMessage: shipxMessage,
    });
    return new Shipx(settings, client);
  }

  /** Throws the Polish reason when the organisation id or the token is missing. */
  async requireCredentials(tdb: TenantDb, deps: CarrierDeps): Promise<void> {
    if (this.settings.organizationId === '') throw new OutsideRefusedError(0, INPOST_MSG.noOrganization);
    if (!(await readPluginSecret(tdb, deps.config, ID, 'token'))) throw new OutsideRefusedError(0, INPOST_MSG.noToken);
  }

  get orgPath(): string {
    return `/v1/organizations/${this.settings.organizationId}`;
  }

  /** GET /v1/shipments/{id}. */
  async shipment(id: string, what: string, orderId?: number): Promise<ShipxShipment> {
    const res = await this.client.request({
      method: 'GET',
      path: `/v1/shipments/${encodeURIComponent(id)}`,
      what,
      ...(orderId !== undefined ? { orderId } : {}),
    });
    return parse(shipmentSchema, res.data, 'przesyłka ShipX');
  }
}

export function parse<T>(schema: z.ZodType<T>, data: unknown, what: string): T {
  const r = schema.safeParse(data);
  if (!r.success) throw new OutsideMalformedError(what);
  return r.data;
}
