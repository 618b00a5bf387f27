/**
 * THE server plugin SDK (docs/plugins.md): the only server code a plugin (`plugins/<id>/`) may
 * import, as `@zaplecze/plugin-sdk` (ESLint enforces it). Everything here is a stable face over the
 * core: the route helper and its errors, the tenant-scoped database handle, the job engine's
 * types, and the plugin definition the host (modules/plugins) loads.
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import type { DomainEventName, DomainEventPayload, PluginManifest } from '@zaplecze/contract';
import type { Engine } from '../db/database';
import { columns } from '../db/migrations/helpers';
import type { TenantDb } from '../db/tenant';
import type { AppDeps } from '../platform/context';
import { enqueueJob, type JobContext } from '../platform/jobs';
import type { JobKindOptions } from '../platform/jobs/types';
import type { RouteDef } from '../platform/route';
import type { CarrierProvider } from '../modules/carriers';
import type { PluginWebhook } from './hooks';
import type { InvoiceMark, InvoiceMarkDeps, KsefMark, MarkedInvoice } from '../platform/invoice-marks';

export { sql, type Kysely, type Selectable, type Insertable, type Generated } from 'kysely';
export {
  defineManifest,
  type PluginManifest,
  type PluginMenuTabDef,
  type PluginPermissionDef,
} from '@zaplecze/contract';
export type { Engine } from '../db/database';
export type { TenantDb } from '../db/tenant';
export { fileAnswer, NO_CONTENT, route, type RouteDef, type Access, type FileAnswer } from '../platform/route';
export type { AuthContext, RequestContext } from '../platform/context';
export { AppError, badRequest, conflict, forbidden, notFound } from '../platform/errors';
export { RetryAfterError, type JobContext, type JobHandler, type JobInfo } from '../platform/jobs';
/** CSV exports and imports with the core's conventions (platform/csv.ts). */
export { csvStringifier, parseCsvRows, readCsvText } from '../platform/csv';
/**
 * The organisation's settings of the plugin and its write-only secrets (docs/plugins.md, Settings
 * and secrets); `config` is the server's (`ctx.deps.config`).
 */
export {
  readPluginSettings,
  readPluginSecret,
  writePluginSecret,
  PluginSecretUnreadableError,
} from '../platform/plugin-settings';

/**
 * Carriers (docs/plugins.md, Carriers from plugins): a plugin's `carriers` join the core's carrier
 * registry (GET /carriers, /check_pickup_point, dispatch, labels, shipment states) for the
 * organisations that installed it. The interface: modules/carriers/carrier-provider.ts.
 */
export {
  SHIPMENT_STATES,
  type CarrierDeps,
  type CarrierLabel,
  type CarrierMethodDef,
  type CarrierProvider,
  type CreatedShipment,
  type PickupPointQuery,
  type PickupPointStatus,
  type ShipmentParcel,
  type ShipmentReceiver,
  type ShipmentRef,
  type ShipmentRequest,
  type ShipmentSender,
  type ShipmentState,
  type ShipmentToCancel,
  type WaybillLabel,
} from '../modules/carriers';
/**
 * The UTC day `date` (RRRR-MM-DD; default the day of `now`) as ISO bounds `[from, to)`: the "parcels
 * of the day" of carrier plugins.
 */
export function utcDay(date: string | undefined, now: Date): { d: string; from: string; to: string } {
  const d = date ?? now.toISOString().slice(0, 10);
  const from = new Date(`${d}T00:00:00.000Z`);
  return { d, from: from.toISOString(), to: new Date(from.getTime() + 86_400_000).toISOString() };
}
/** Asks the carriers where the organisation's parcels are now (the core's state schedule run; docs/plugins.md). */
export { refreshShipmentStates } from '../modules/documents';
/**
 * Calls to outside services with the call log ('Dziennik') and the connection state
 * (docs/plugins.md, Outside calls; platform/outside).
 */
export {
  clearPluginReconnect,
  markPluginReconnect,
  OutsideAuthError,
  OutsideClient,
  OutsideError,
  OutsideMalformedError,
  OutsideRefusedError,
  OutsideUnavailableError,
  outsideUrl,
  pluginConnection,
  type OutsideClientOptions,
  type OutsideErrorCode,
  type OutsideQuery,
  type OutsideRequest,
  type OutsideResponse,
} from '../platform/outside';
/** Orders for importers: exactly-once import, status, what may be sold (plugin-sdk/orders.ts). */
export {
  externalRefsOfOrders,
  findImportedOrders,
  importOrder,
  logPluginEvent,
  orderReferences,
  patchImportedOrder,
  readOrder,
  sellableStock,
  updateImportedOrderDelivery,
  type ImportedDeliveryPatch,
  type ImportedOrderPatch,
  type OrderReferences,
  type OrderScope,
} from './orders';

/** Webhooks (docs/plugins.md, Webhooks): the organisation's address key and the webhook's shape. */
export { hmacSignatureMatches, pluginHookKey, type PluginWebhook, type PluginWebhookInput } from './hooks';

/**
 * One migration of a plugin: `name` is unique within the plugin and never changes once released
 * (they run in the order given, once per database, recorded in `plugin_migrations`). `up` runs in
 * its own transaction, after the core's migrations and those of the plugins it depends on.
 * Tables are named with `pluginTable(id, name)` and carry `org_id` referencing organizations.
 */
export interface PluginMigration {
  name: string;
  up(db: Kysely<unknown>, engine: Engine): Promise<void>;
}

/** A job kind of the plugin: its kind on the wire is `<pluginId>.<name>`. */
export interface PluginJobKind extends JobKindOptions {
  name: string;
  handler: (ctx: PluginJobContext) => Promise<void>;
}

/**
 * A recurring job of the plugin, fanned out to the organisations that installed it (every N
 * minutes from 00:00 UTC, or cron read in Europe/Warsaw). `job` names one of the plugin's jobs.
 */
export interface PluginSchedule {
  /** Unique within the plugin; fired due times are kept under `<pluginId>.<name>`. */
  name: string;
  everyMinutes?: number;
  cron?: string;
  job: { name: string; payload?: unknown; dedupeKey?: string | null; maxAttempts?: number };
}

/** The plugin's server part, built once per process when the host loads it. */
export interface PluginServer {
  migrations?: readonly PluginMigration[];
  /**
   * Mounted at `/api/plugins/<id><url>`; each declares access 'authenticated' or a permission key
   * (never 'public'). For an organisation that has not installed the plugin they answer 404.
   */
  routes?: readonly RouteDef[];
  jobs?: readonly PluginJobKind[];
  schedules?: readonly PluginSchedule[];
  /**
   * The plugin's tables holding organisations' rows (full names, `pluginTable(...)`), deleted for
   * the organisation, in this order, when it uninstalls with "delete the data".
   */
  tables?: readonly string[];
  /** Deletes what `tables` cannot (e.g. files), inside the uninstall's transaction. */
  onUninstallDeleteData?(tdb: TenantDb): Promise<void>;
  /** Durable subscriptions to the core's events: event name -> one of `jobs` (see PluginSubscriptions). */
  subscriptions?: PluginSubscriptions;
  /**
   * Runs inside the install's transaction when an organisation installs the plugin (a reinstall
   * after an uninstall included, so it must be idempotent: e.g. insert starter rows only when the
   * organisation has none). A throw rolls the install back and answers the error.
   */
  onInstall?(tdb: TenantDb): Promise<void>;
  /**
   * The plugin's demo data over the demo organisation's items (`demo:seed --<flag>`,
   * docs/performance.md), run after onInstall in one transaction; answers a line for the log.
   * Bulk, set-based statements: the demo has a million items.
   */
  demoSeed?(tdb: TenantDb): Promise<string>;
  /**
   * Filters the plugin adds to the item search `GET /items` (docs/plugins.md, Item search
   * filters), applied only for organisations that installed the plugin.
   */
  itemFilters?: readonly PluginItemFilter[];
  /**
   * Carriers the plugin adds (docs/plugins.md, Carriers from plugins): each joins the core's
   * carrier registry while the plugin loads, available to the organisations that installed it. A
   * carrier's id is the plugin's id (or starts with `<id>.`). Every call gets the organisation's
   * `tdb` and the server's `deps` (database, config, clock) for an OutsideClient and secrets.
   */
  carriers?: readonly CarrierProvider[];
  /**
   * Public addresses another server posts to (docs/plugins.md, Webhooks), served at
   * `/api/hooks/<id>/<name>/<organisation's key>` for organisations that installed the plugin;
   * each call is verified by the plugin before anything is read or written.
   */
  webhooks?: readonly PluginWebhook[];
  /**
   * Marks the plugin prints on the organisation's invoices (docs/plugins.md, "Invoice marks"): by
   * invoice id, a QR code's text and the caption under it (the KSeF verification code, KOD I).
   * Asked whenever the core draws an invoice's PDF (print, download, e-mail), only for
   * organisations that installed the plugin; an invoice left out prints without a mark.
   */
  invoiceMarks?(
    tdb: TenantDb,
    deps: InvoiceMarkDeps,
    invoices: readonly MarkedInvoice[],
  ): Promise<ReadonlyMap<number, InvoiceMark>>;
  /**
   * What KSeF says of the organisation's invoices, by id (docs/plugins.md, "Invoice marks"): the
   * KSeF number, offline, or waiting. Given by the plugin that sends invoices to KSeF; read by
   * others through `ksefMarksOf` (the tax files), so no plugin reads another's tables.
   */
  invoiceKsefMarks?(tdb: TenantDb, invoiceIds: readonly number[]): Promise<ReadonlyMap<number, KsefMark>>;
}

/**
 * The ids of matching items: a select of one column `item_id` built on the organisation's `tdb`
 * (so scoped to it), served by an index of the plugin's table that leads with `org_id`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a plugin's own tables
export type ItemIdsQuery = SelectQueryBuilder<any, any, { item_id: number }>;

/**
 * An item search filter of a plugin (docs/plugins.md, Item search filters). The core parses the
 * query of `GET /items` with `schema` (only `params` are given to it), and when `itemIds` answers
 * a query it keeps only the items it names, with every core filter, sort, page and the exact count
 * (in the item filter index and in SQL alike).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each filter's own values
export interface PluginItemFilter<V = any> {
  /** The query parameters it reads, each with a prefix of the plugin (`motoYear`). */
  params: readonly string[];
  /** Parses those parameters (Polish messages: a failure is a 400). */
  schema: z.ZodType<V>;
  /** The matching items as a query of `item_id`; undefined when the values filter nothing. */
  itemIds(tdb: TenantDb, values: V): ItemIdsQuery | undefined;
  /**
   * Optional: a value that changes whenever a row `itemIds` reads changes (one indexed read, e.g.
   * a counter bumped in every write's transaction). With it the item filter index keeps the ids
   * of recent values per process and reads them again only when the version moved; items deleted
   * since need no bump (the index drops them itself).
   */
  version?(tdb: TenantDb): Promise<number>;
  /**
   * Optional: the matching ids answered from the plugin's own memory (sorted ascending, distinct),
   * or undefined when it cannot answer now (still loading): then `itemIds` runs. The ids must be
   * exact as of this call: the plugin catches up with writes made anywhere (another process too)
   * before answering. Items deleted since may still be named. An answer is never changed after it
   * is returned (the core keeps work done on an array while it is the same object): answering the
   * same array again for an unchanged value saves that work.
   */
  ids?(tdb: TenantDb, values: V, env: ItemFilterEnv): Promise<Int32Array | undefined>;
}

/** What `PluginItemFilter.ids` gets besides the organisation's handle. */
export interface ItemFilterEnv {
  /** One object per database in this process: a WeakMap key for the plugin's in-memory state. */
  scope: object;
  /** Logs a failure of background work (a load that failed is retried by the plugin). */
  warn(err: unknown, message: string): void;
}

export interface PluginDefinition {
  manifest: PluginManifest;
  /**
   * Builds the server part. Called once per process at start-up, inside the host's guard: a throw
   * here marks the plugin broken everywhere, and the server and the other plugins go on.
   */
  server?: () => PluginServer;
}

/** Declares a plugin (identity at run time; the type checks the shape). */
export function definePlugin(def: PluginDefinition): PluginDefinition {
  return def;
}

/**
 * THE name of a plugin's table (docs/plugins.md, Tables): `p_<id with '-' as '_'>_<name>`, e.g.
 * `pluginTable('wholesale-csv', 'profiles')` = `p_wholesale_csv_profiles`. Names stay within
 * PostgreSQL's 63 characters: keep `name` short.
 */
export function pluginTable(pluginId: string, name: string): string {
  const full = `p_${pluginId.replace(/-/g, '_')}_${name}`;
  if (!/^[a-z][a-z0-9_]*$/.test(name) || full.length > 63) throw new Error(`bad plugin table name "${full}"`);
  return full;
}

/** Column helpers that give the same schema on SQLite and PostgreSQL (id, timestamp, notNull). */
export const pluginColumns = columns;

/**
 * Enqueues one of the plugin's jobs for the organisation of `tdb`, in its transaction when it is in
 * one (platform/jobs enqueueJob): null when a job with the same dedupe key is still pending or running.
 */
export function enqueuePluginJob(
  tdb: TenantDb,
  pluginId: string,
  name: string,
  opts: { payload?: unknown; dedupeKey?: string | null; runAt?: Date; maxAttempts?: number } = {},
): Promise<number | null> {
  return enqueueJob(tdb, { kind: `${pluginId}.${name}`, pluginId, ...opts });
}

/**
 * Durable subscriptions (docs/plugins.md, Events and subscriptions): the core's event name (the
 * contract's `domainEventSchemas`) -> the name of one of the plugin's jobs. When the event is
 * emitted for an organisation that installed the plugin, that job is enqueued inside the emitting
 * transaction (it exists if and only if the change commits) with `PluginEventJob` as its payload,
 * and runs with the job engine's retries, backoff and dead state.
 */
export type PluginSubscriptions = { readonly [K in DomainEventName]?: string };

/** The payload of a job a subscription enqueued: the event's name and its payload. */
export interface PluginEventJob<K extends DomainEventName = DomainEventName> {
  event: K;
  payload: DomainEventPayload<K>;
}
export { domainEventSchemas, type DomainEventName, type DomainEventPayload } from '@zaplecze/contract';

/**
 * What a plugin's job handler receives: the job, its organisation's `tdb`, `progress`, `signal`
 * (platform/jobs), and the server's services `deps` (as a route's `ctx.deps`), which the
 * catalogue face (`catalogItems`, ...) takes with `tdb`.
 */
export type PluginJobContext = JobContext & { deps: AppDeps };

// ---- goods, stock, uploads (first used by wholesale-csv; docs/plugins.md, The SDK surface) -------
export {
  findCatalogItems,
  createCatalogItem,
  updateCatalogItem,
  setCatalogStock,
  writeCatalogBatch,
  catalogReferences,
  pluginJobStatus,
  type CatalogScope,
  type CatalogItem,
  type CatalogKey,
  type CatalogChanges,
  type CatalogCreate,
  type CatalogUpdate,
  type CatalogReferences,
} from './catalog';
export { pluginFiles } from './files';
export { readUpload, type Upload } from '../platform/upload';
export {
  readCsvFile,
  openCsvFile,
  decode as decodeCsvText,
  detectDelimiter as detectCsvDelimiter,
  isBinary as looksBinary,
  CsvBroken,
  CSV_READ_MSG,
  type CsvRecord,
  type CsvEncoding,
  type CsvDelimiter,
} from '../platform/csv-read';

/**
 * XML for plugins whose service speaks SOAP or XML (docs/plugins.md, "Outside calls"): the parser
 * and builder of `fast-xml-parser`, so a plugin needs no package of its own (plugins import only
 * the SDKs). Send the text with `OutsideClient` (`body`, `responseType: 'text'`).
 */
export { XMLBuilder, XMLParser } from 'fast-xml-parser';
/** TCP to a device on the seller's network (a fiscal printer): Node's `net.connect` and its socket. */
export { connect as tcpConnect, type Socket as TcpSocket } from 'node:net';
/** Text in the code pages devices speak (a fiscal printer's Windows-1250): `iconv.encode(text, 'win1250')`. */
export { default as iconv } from 'iconv-lite';
/** XML against an official XSD, offline (platform/xml/xsd.ts): FA(3), JPK. */
export {
  pluginFilesDir,
  validateAgainstXsd,
  validateXmlStream,
  type XmlDocument,
  type XsdError,
  type XsdSet,
} from '../platform/xml/xsd';

/**
 * Sales documents for the accounting plugins (docs/plugins.md, "Sales documents"): issued invoices
 * (immutable snapshots), receipts of stationary orders issued and marked printed through the core
 * (numbering `PAR n/MM/YYYY`, `receipt.issued`), and a month of either in number order, in pages.
 */
export {
  countDocumentsOfMonth,
  documentsOfMonth,
  invoiceById,
  invoicesByIds,
  issueReceipt,
  markReceiptPrinted,
  receiptById,
  receiptOfOrder,
  receiptsOfOrders,
  type IssuedDocument,
  type IssuedReceipt,
} from '../modules/invoices';
export type { InvoiceMark, InvoiceMarkDeps, KsefMark, MarkedInvoice } from '../platform/invoice-marks';
export { ksefMarksOf } from '../platform/invoice-marks';
// From its own file: the plugins module's index loads the plugins, which import this SDK.
export { isPluginInstalled } from '../modules/plugins/plugins.installed';
/** RSA-OAEP, AES-256-CBC, SHA-256 and random bytes for a service's encryption (plugin-sdk/crypto.ts). */
export { aes256CbcEncrypt, rsaOaepSha256Encrypt, secureRandomBytes, sha256Base64 } from './crypto';
