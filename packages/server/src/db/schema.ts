import type { Generated } from 'kysely';

/**
 * Database tables. Timestamps are ISO strings on SQLite and Date on PostgreSQL; read them through
 * `toIso`. Booleans are stored as 0/1 on both engines.
 */
export interface OrganizationsTable {
  id: Generated<number>;
  prefix: string;
  name: string;
  tax_id: string;
  address: string;
  post_code_city: string;
  country_code: string;
  registered_at: string | Date;
}

export interface UsersTable {
  id: Generated<number>;
  org_id: number;
  /** Full login `{prefix}_{user}`, lower-case, unique. */
  login: string;
  name: string;
  email: string;
  tel: string;
  pass_hash: string;
  permissions: string;
  created_at: string | Date;
}

export interface AuthTokensTable {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  token_hash: string;
  long_session: number;
  valid_to: string | Date;
  created_at: string | Date;
  /**
   * The session's end fixed at sign-in (migration 0020): `valid_to` is never past it. Nullable in
   * SQLite's table only because a column added later cannot be NOT NULL there; always written.
   */
  absolute_expires_at: string | Date;
}

/** API tokens for automation (migration 0030; docs/decisions.md, API tokens): only the token's hash. */
export interface ApiTokensTable {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  name: string;
  token_hash: string;
  /** The chosen permissions, `a;b;c`. */
  permissions: string;
  created_at: string | Date;
  expires_at: string | Date;
  revoked_at: string | Date | null;
  last_used_at: string | Date | null;
  last_used_ip: string | null;
}

export interface CaptchasTable {
  uuid: string;
  answer_hash: string;
  expires_at: string | Date;
}

/** Attempts of one rate-limited key in its current window (platform/rate-limit.ts). */
export interface RateCountersTable {
  key: string;
  attempts: number;
  expires_at: string | Date;
}

export interface OptionsTable {
  org_id: number;
  key: string;
  value: string;
}

export interface NamedTable {
  id: Generated<number>;
  org_id: number;
  name: string;
}

export interface AdditionalDescsTable extends NamedTable {
  description: string;
}

export interface StatusesTable extends NamedTable {
  color: Generated<string>;
}

/** Categories and warehouse places: full_number / full_name are computed from the parents. */
export interface TreeTable extends NamedTable {
  parent_id: number | null;
  number: string;
  full_number: string;
  full_name: string;
}

export interface UserSizesTable extends NamedTable {
  size_a: number;
  size_b: number;
  size_c: number;
}

export interface ParametersTable extends NamedTable {
  category_id: number | null;
  type: string;
  is_multi: number;
  /** JSON array of strings. */
  dictionary: string;
}

export interface ItemsTable {
  id: Generated<number>;
  org_id: number;
  code: string;
  gtin: string;
  name: string;
  description: string;
  /** Grosze. */
  price: number;
  /** Hundredths of a percent. */
  vat: number;
  currency: string;
  count_ware: number;
  count_offer: number | null;
  item_status_id: number;
  delivery_price_list_id: number | null;
  delivery_time_id: number | null;
  item_group_id: number | null;
  category_id: number | null;
  place_id: number | null;
  has_ext: number;
  ext_code: string;
  ext_url: string;
  ext_price: number;
  ext_margin: number | null;
  count_photos: number;
  count_params: number;
  main_photo: string | null;
  main_photo_type: string | null;
  last_changed: string | Date;
  last_changed_photos: string | Date | null;
}

/**
 * PostgreSQL only (migration 0011): the contains-search's copy of each item (`id` is the item's
 * id), kept in step with `items` by triggers and carrying the trigram indexes: the searched texts
 * (name and external code lower-cased) and every column the list filters and sorts by.
 */
export interface ItemSearchTable {
  id: number;
  org_id: number;
  code: string;
  name: string;
  name_lower: string;
  gtin: string;
  ext_code_lower: string;
  price: number;
  count_ware: number;
  count_offer: number | null;
  count_photos: number;
  item_status_id: number;
  item_group_id: number | null;
  category_id: number | null;
  place_id: number | null;
}

export interface FilesTable {
  name: string;
  org_id: number;
  item_id: number | null;
  bytes: number;
  created_at: string | Date;
}

/** Running totals of an organisation's stored files, kept by triggers on `files` (migration 0019). */
export interface OrgStorageTable {
  org_id: number;
  /** Every stored file, unclaimed uploads included (what the storage quota limits). */
  used_bytes: number | string;
  /** Files items use. PostgreSQL answers bigint as text. */
  photo_count: number | string;
  photo_bytes: number | string;
}

export interface ItemPhotosTable {
  id: Generated<number>;
  org_id: number;
  item_id: number;
  position: number;
  type: string;
  name: string;
}

export interface ItemParamsTable {
  org_id: number;
  item_id: number;
  param_id: number;
  position: number;
  /** JSON array of strings. */
  vals: string;
}

export interface ItemDescsTable {
  org_id: number;
  item_id: number;
  desc_id: number;
  position: number;
}

export interface WarehouseChangesTable {
  id: Generated<number>;
  org_id: number;
  item_id: number | null;
  item_code: string;
  item_name: string;
  order_id: number | null;
  type: string;
  quantity: number;
  qty_before: number | null;
  qty_after: number | null;
  change_date: string | Date;
  commit_date: string | Date | null;
  committed: number;
  /** Set when the change is deleted: hidden from the screen and the export, kept for stock:verify. */
  deleted_at: string | Date | null;
}

/** Items per organisation (the count of the unfiltered item list). */
/** Orders per organisation (the unfiltered list's count), kept by triggers (migration 0007). */
export interface OrderCountsTable {
  org_id: number;
  orders: number;
}

/**
 * The item filter index's change log (migration 0023): SQLite orders rows by `seq`, PostgreSQL by
 * the writing transaction's id `tx` (xid8, read as text).
 */
export interface ItemIndexLogTable {
  seq: Generated<number>;
  tx: Generated<string>;
  org_id: number;
  /** An item id; -1: a tree changed; 0: reload everything. */
  item_id: number;
  /** 1 when the item's code or name may have moved. */
  strs: Generated<number>;
  at: Generated<string | Date>;
}

/** The newest pruned position of item_index_log (one row, id 1; `seq` on SQLite, `tx` on PostgreSQL). */
export interface ItemIndexLogPrunedTable {
  id: number;
  seq: number;
  tx: string;
}

export interface ItemCountsTable {
  org_id: number;
  items: number;
}

/**
 * Versions of an organisation's item lists, moved by triggers (migration 0010): the seek bookmarks
 * of deep pages are valid while the versions their list reads stay the same.
 */
export interface ItemListVersionsTable {
  org_id: number;
  list_v: Generated<number>;
  stock_v: Generated<number>;
  price_v: Generated<number>;
}

/** PostgreSQL: one row per writing transaction not yet folded into item_list_versions (migration 0010). */
export interface ItemListChangesTable {
  org_id: number;
  tx: number;
  list_c: number;
  stock_c: number;
  price_c: number;
}

export interface IdempotencyKeysTable {
  org_id: number;
  key: string;
  answer: string;
  /** sha256 (hex) of the request's canonical JSON; null for keys stored before migration 0018. */
  payload_hash: string | null;
  created_at: string | Date;
}

/** An order (docs/decisions.md, Orders): money in grosze, VAT in hundredths, weight in grams. */
export interface OrdersTable {
  id: Generated<number>;
  org_id: number;
  uuid: string;
  add_date: string | Date;
  last_mod_date: string | Date;
  order_date: string | Date;
  modified_by: string | null;
  external_id: string | null;
  stationary: number;
  order_status_id: number;
  income_source_id: number;
  currency: string;
  message_to_seller: string;
  comment: string;
  invoice_annotations: string;
  problem: string | null;
  delivery_cost: number;
  delivery_vat: number;
  cash_on_delivery: number;
  shipping_method: string;
  bill_of_lading: string | null;
  size_a: number;
  size_b: number;
  size_c: number;
  weight_g: number;
  client_name_surname: string;
  client_company_name: string;
  client_street: string;
  client_build_nr: string;
  client_post_code: string;
  client_city: string;
  client_country_code: string;
  client_pickup_point: string;
  client_email: string;
  client_tel: string;
  has_invoice: number;
  invoice_is_company: number;
  invoice_number: string | null;
  invoice_name_surname: string;
  invoice_company_name: string;
  invoice_company_tax_id: string;
  invoice_address: string;
  invoice_post_code: string;
  invoice_city: string;
  invoice_country_code: string;
  invoice_mail_sent: number;
  /** A row of carrier_methods; null without a carrier. */
  carrier_method_id: number | null;
  /**
   * Search keys (migration 0007): the client's texts normalised by the contract's orderSearchKey,
   * written by the orders repository on every insert and update.
   */
  search_tel: Generated<string>;
  search_email: Generated<string>;
  search_city: Generated<string>;
  search_post_code: Generated<string>;
  search_pickup_point: Generated<string>;
  search_bol: Generated<string>;
  /** Migration 0021: client name and company without accents, the invoice NIP's digits. */
  search_name: Generated<string>;
  search_company: Generated<string>;
  search_nip: Generated<string>;
  /** INVOICE_STATE of has_invoice and invoice_number, written with them (order-keys invoiceStateOf). */
  invoice_state: Generated<number>;
  /** The lines' Σ quantity × price (grosze), Σ quantity and codes (JSON), written with the lines. */
  lines_sum: Generated<number>;
  lines_count: Generated<number>;
  lines_codes: Generated<string>;
}

/** A line of an order; `item_group_id` is the linked item's group when the line was saved. */
export interface OrderLinesTable {
  id: Generated<number>;
  org_id: number;
  order_id: number;
  position: number;
  item_id: number | null;
  code: string;
  name: string;
  quantity: number;
  /** Grosze. */
  price: number;
  /** Hundredths of a percent. */
  vat: number;
  item_group_id: number | null;
  /** 1: the item was deleted after the save (item_id is null now); still catalogue goods (0008). */
  item_deleted: Generated<number>;
}

/** Daily order figures per status and income source (migration 0008): counts, money in grosze. */
export interface OrderRollupDaysTable {
  org_id: number;
  /** Local day YYYYMMDD (Europe/Warsaw). */
  day: number;
  order_status_id: number;
  income_source_id: number;
  orders_count: number;
  items_count: number;
  problem_count: number;
  unnumbered_count: number;
  delivery: number;
  goods: number;
}

/** The same per goods' group key: an item group id, 0 = no group, -1 = not connected to an item. */
export interface OrderRollupGroupsTable {
  org_id: number;
  day: number;
  order_status_id: number;
  income_source_id: number;
  group_key: number;
  orders_count: number;
  items_count: number;
  delivery: number;
  goods: number;
}

/**
 * A carrier method as a provider last registered it (global, no organisation): the id is the
 * method's stable number in the API.
 */
/** A print or dispatch of an order (migration 0013; docs/decisions.md, Documents: Print log). */
export interface OrderPrintsTable {
  id: Generated<number>;
  org_id: number;
  order_id: number;
  user_login: string | null;
  kind: string;
  format: string | null;
  detail: Generated<string>;
  created_at: string | Date;
}

/**
 * A dispatched order's shipment (migration 0014; docs/decisions.md, Documents: Waybills and
 * labels): one per order; `data` is the JSON the carrier gave for its label and state.
 */
export interface ShipmentsTable {
  id: Generated<number>;
  org_id: number;
  order_id: number;
  carrier_id: string;
  method_key: string;
  /** '' while the state is PENDING (the carrier's number has not come yet; migration 0033). */
  waybill_number: string;
  /** PENDING, CREATED, IN_TRANSIT, DELIVERED, RETURNED, CANCELLED or UNKNOWN. */
  state: string;
  data: string;
  created_at: string | Date;
  created_by: string | null;
  /** When the state last changed (null: as created). */
  state_at: string | Date | null;
  /** When the carrier was last asked for the state (null: never). */
  checked_at: string | Date | null;
}

/** An order whose dispatch is under way: its carrier is being called (migration 0017). */
export interface DispatchReservationsTable {
  order_id: number;
  org_id: number;
  /** The shipment reference given to the carrier, the same on every attempt for the order. */
  reference: string;
  /** Which attempt holds the lease (a random id per attempt). */
  holder: string;
  lease_until: string | Date;
  attempts: number;
  created_at: string | Date;
}

/** The own carrier's last waybill number per organisation (migration 0014). */
export interface WaybillCountersTable {
  org_id: number;
  /** bigint: PostgreSQL answers it as a string. */
  last_value: number | string;
}

/** Units of an order line scanned at the packing station (migration 0016). */
export interface OrderPackingTable {
  line_id: number;
  org_id: number;
  order_id: number;
  packed: number;
}

/** The order reader's next SIZE side of an order (migration 0016). */
export interface OrderReaderStateTable {
  order_id: number;
  org_id: number;
  next_side: string;
}

/** One scan of the order reader with its answer (migration 0016); insert only. */
export interface OrderScansTable {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  order_id: number | null;
  barcode: string;
  action_type: string;
  description: string;
  client_action: string;
  is_error: number;
  created_at: string | Date;
}

/** The last invoice number taken per organisation and month (migration 0015). */
export interface InvoiceCountersTable {
  org_id: number;
  year: number;
  month: number;
  last_n: number;
}

/** An issued invoice and its immutable snapshot (JSON of the contract's invoiceSnapshotSchema). */
export interface InvoicesTable {
  id: Generated<number>;
  org_id: number;
  /** Null once the order was deleted: the invoice stays. */
  order_id: number | null;
  year: number;
  month: number;
  n: number;
  number: string;
  issued_at: string | Date;
  issued_by: string | null;
  snapshot: string;
}

/** A receipt of a stationary order (migration 0034): the invoice snapshot's shape, numbered PAR n/MM/YYYY. */
export interface ReceiptsTable {
  id: Generated<number>;
  org_id: number;
  order_id: number | null;
  year: number;
  month: number;
  n: number;
  number: string;
  issued_at: string | Date;
  issued_by: string | null;
  snapshot: string;
  /** When a fiscal printer printed it (null: not yet), and the printer's note (its receipt's number). */
  printed_at: string | Date | null;
  printed_detail: string | null;
}

/** An e-mail waiting to be sent, or sent (migration 0015; docs/decisions.md, Invoices and e-mail). */
export interface OutboxTable {
  id: Generated<number>;
  org_id: number;
  order_id: number | null;
  invoice_id: number;
  to_address: string;
  subject: string;
  body: string;
  attempts: Generated<number>;
  next_attempt_at: string | Date;
  /** A process is sending it until then; null when nobody is. */
  lease_until: string | Date | null;
  /** The last failure, without secrets. */
  last_error: string | null;
  sent_at: string | Date | null;
  created_at: string | Date;
}

export interface CarrierMethodsTable {
  id: Generated<number>;
  carrier_id: string;
  method_key: string;
  carrier_name: string;
  name: string;
  sub_name: string;
  send_type: string;
}

/** A durable job (migration 0022, platform/jobs). */
export interface JobsTable {
  id: Generated<number>;
  org_id: number;
  plugin_id: string | null;
  kind: string;
  /** JSON text. */
  payload: string;
  dedupe_key: string | null;
  /** 'pending' | 'running' | 'done' | 'dead' */
  state: string;
  run_at: string | Date;
  attempts: Generated<number>;
  max_attempts: number;
  lease_until: string | Date | null;
  lease_token: string | null;
  last_error: string | null;
  progress_done: number | null;
  progress_total: number | null;
  created_at: string | Date;
  finished_at: string | Date | null;
}

/** A (plugin, organisation) whose jobs wait after a 429 (plugin_id '' for the core's jobs). */
export interface JobPausesTable {
  org_id: number;
  plugin_id: string;
  until: string | Date;
}

/** One fired (schedule, organisation, due time). */
/** The latest fired due time of each core schedule (migration 0028). */
export interface CoreScheduleRunsTable {
  schedule_key: string;
  due_at: string | Date;
}

export interface JobScheduleRunsTable {
  schedule_key: string;
  org_id: number;
  due_at: string | Date;
  job_id: number | null;
}

/** An organisation's installed plugin (migration 0024). */
export interface PluginInstallsTable {
  org_id: number;
  plugin_id: string;
  installed_at: string | Date;
}

/** A plugin migration applied (migration 0024). */
export interface PluginMigrationsTable {
  plugin_id: string;
  name: string;
  applied_at: string | Date;
}

/** A broken plugin: org_id 0 everywhere, else for that organisation (migration 0024). */
export interface PluginBrokenTable {
  plugin_id: string;
  org_id: number;
  reason: string;
  since: string | Date;
}

/** A plugin's non-secret settings for one organisation (platform/plugin-settings). */
export interface PluginSettingsTable {
  org_id: number;
  plugin_id: string;
  /** JSON text of the values, validated by the plugin's schema when written. */
  settings: string;
  updated_at: string | Date;
}

/** One secret field of a plugin for one organisation: AES-256-GCM, base64 text. */
export interface PluginSecretsTable {
  org_id: number;
  plugin_id: string;
  name: string;
  key_id: string;
  iv: string;
  ciphertext: string;
  tag: string;
  updated_at: string | Date;
}

/** A call to an outside service (migration 0031; platform/outside). */
export interface PluginCallsTable {
  id: Generated<number>;
  org_id: number;
  plugin_id: string;
  at: string | Date;
  method: string;
  path: string;
  /** The HTTP status; 0 when no answer came (timeout, refused connection). */
  status: number;
  ms: number;
  /** 1 success, 0 failure. */
  ok: number;
  what: string;
  message: string;
  order_id: number | null;
  item_id: number | null;
  job_id: number | null;
}

/** A plugin's connection state per organisation (migration 0031). */
export interface PluginConnectionsTable {
  org_id: number;
  plugin_id: string;
  /** 'ok' | 'reconnect' */
  state: string;
  message: string;
  changed_at: string | Date;
}

/** The outside order an order was imported from (migration 0031; plugin-sdk/orders.ts). */
export interface PluginOrderRefsTable {
  org_id: number;
  plugin_id: string;
  external_id: string;
  order_id: number;
  created_at: string | Date;
}

/** An organisation's webhook key per plugin (migration 0032; docs/plugins.md, Webhooks). */
export interface PluginHooksTable {
  org_id: number;
  plugin_id: string;
  hook_key: string;
  created_at: string | Date;
}

export interface DB {
  organizations: OrganizationsTable;
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  api_tokens: ApiTokensTable;
  captchas: CaptchasTable;
  rate_counters: RateCountersTable;
  options: OptionsTable;
  additional_descs: AdditionalDescsTable;
  delivery_price_lists: NamedTable;
  delivery_times: NamedTable;
  item_groups: NamedTable;
  income_sources: NamedTable;
  item_statuses: StatusesTable;
  order_statuses: StatusesTable;
  categories: TreeTable;
  places: TreeTable;
  user_sizes: UserSizesTable;
  parameters: ParametersTable;
  items: ItemsTable;
  item_search: ItemSearchTable;
  files: FilesTable;
  org_storage: OrgStorageTable;
  item_photos: ItemPhotosTable;
  item_params: ItemParamsTable;
  item_descs: ItemDescsTable;
  warehouse_changes: WarehouseChangesTable;
  item_counts: ItemCountsTable;
  item_index_log: ItemIndexLogTable;
  item_index_log_pruned: ItemIndexLogPrunedTable;
  item_list_versions: ItemListVersionsTable;
  item_list_changes: ItemListChangesTable;
  order_counts: OrderCountsTable;
  idempotency_keys: IdempotencyKeysTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  carrier_methods: CarrierMethodsTable;
  order_rollup_days: OrderRollupDaysTable;
  order_rollup_groups: OrderRollupGroupsTable;
  order_prints: OrderPrintsTable;
  shipments: ShipmentsTable;
  waybill_counters: WaybillCountersTable;
  dispatch_reservations: DispatchReservationsTable;
  order_packing: OrderPackingTable;
  order_reader_state: OrderReaderStateTable;
  order_scans: OrderScansTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  receipt_counters: InvoiceCountersTable;
  receipts: ReceiptsTable;
  outbox: OutboxTable;
  jobs: JobsTable;
  job_pauses: JobPausesTable;
  job_schedule_runs: JobScheduleRunsTable;
  core_schedule_runs: CoreScheduleRunsTable;
  plugin_installs: PluginInstallsTable;
  plugin_migrations: PluginMigrationsTable;
  plugin_broken: PluginBrokenTable;
  plugin_settings: PluginSettingsTable;
  plugin_secrets: PluginSecretsTable;
  plugin_calls: PluginCallsTable;
  plugin_connections: PluginConnectionsTable;
  plugin_order_refs: PluginOrderRefsTable;
  plugin_hooks: PluginHooksTable;
}

/** Tables whose rows belong to one organisation (column `org_id`). */
export type TenantTable = {
  [K in keyof DB]: DB[K] extends { org_id: number } ? K : never;
}[keyof DB];
