import {
  addPercent,
  countSchema,
  gtinSchema,
  itemCodeSchema,
  ITEM_EXT_CODE_MAX,
  ITEM_NAME_MAX,
  ITEM_URL_MAX,
  moneySchema,
  vatSchema,
} from '@zaplecze/contract';
import {
  AppError,
  catalogReferences,
  type CsvBroken,
  findCatalogItems,
  writeCatalogBatch,
  type CatalogChanges,
  type CatalogCreate,
  type CatalogItem,
  type CatalogScope,
  type CsvRecord,
} from '@zaplecze/plugin-sdk';
import type { z } from 'zod';
import { COLUMN_FIELDS, type ColumnField, type ImportReport, type ProfileSettings } from '../schemas';

/**
 * The import of one file (docs/plugins.md, wholesale-csv): rows are checked one by one, then applied
 * in transactions of BATCH rows through the SDK's catalogue face. A row that fails its checks, or
 * whose write the core refuses, is a report line and changes nothing: when a batch's transaction
 * fails, it is rolled back whole and its rows are applied again one transaction each. A row whose
 * item already is what the file says is counted unchanged and writes nothing (no ledger entry).
 */
export const BATCH = 200;

const MSG = {
  missingHeader: (name: string) => `Brak kolumny „${name}” w wierszu nagłówka.`,
  noColumn: (n: number) => `Plik nie ma kolumny nr ${n}.`,
  keyEmpty: 'Pusta wartość w kolumnie dopasowania.',
  duplicate: (key: string, line: number) =>
    `Wartość „${key}” powtarza się w pliku (pierwszy raz w wierszu ${line}); wiersz pominięto.`,
  notFound: 'Nie znaleziono towaru, a profil tylko aktualizuje istniejące towary.',
  ambiguous: (n: number) => `Pasuje ${n} towarów: dopasowanie musi być jednoznaczne.`,
  statusMissing: 'Brak statusu dla nowych towarów: wybierz go w profilu albo ustaw domyślny status towaru.',
  field: (label: string, message: string) => `${label}: ${message}`,
  tooLong: (max: number) => `najwyżej ${max} znaków.`,
  urlInvalid: 'adres musi zaczynać się od http:// lub https://.',
} as const;

const LABELS: Record<ColumnField, string> = {
  code: 'Kod',
  gtin: 'GTIN',
  name: 'Nazwa',
  extCode: 'Kod zewnętrzny',
  extUrl: 'Adres zewnętrzny',
  extPrice: 'Cena zewnętrzna',
  stock: 'Stan',
  vat: 'VAT',
};

/** Resolves the profile's columns to cell indexes (0-based); a header name not found is a failure. */
export function columnIndexes(
  profile: ProfileSettings,
  header: readonly string[] | null,
): { indexes: Partial<Record<ColumnField, number>>; problems: string[] } {
  const indexes: Partial<Record<ColumnField, number>> = {};
  const problems: string[] = [];
  const names = header?.map((h) => h.trim().toLowerCase()) ?? [];
  for (const f of COLUMN_FIELDS) {
    const c = profile.columns[f];
    if (c === '') continue;
    if (/^\d+$/.test(c)) indexes[f] = Number(c) - 1;
    else {
      const at = names.indexOf(c.toLowerCase());
      if (at < 0) problems.push(MSG.missingHeader(c));
      else indexes[f] = at;
    }
  }
  return { indexes, problems };
}

/** A row after its checks: parsed values of the mapped columns (undefined = column not in profile). */
interface RowValues {
  line: number;
  key: string;
  code?: string;
  gtin?: string;
  name?: string;
  extCode?: string;
  extUrl?: string;
  extPrice?: number;
  stock?: number;
  vat?: number;
}

class RowRefused extends Error {}

function parseField<S extends z.ZodType>(schema: S, raw: string, label: string): z.output<S> {
  const r = schema.safeParse(raw);
  if (!r.success) throw new RowRefused(MSG.field(label, r.error.issues[0]?.message ?? ''));
  return r.data;
}

function text(raw: string, max: number, label: string): string {
  const s = raw.trim();
  if (s.length > max) throw new RowRefused(MSG.field(label, MSG.tooLong(max)));
  return s;
}

/** Reads one record's mapped cells into checked values; throws RowRefused with a Polish reason. */
function rowValues(rec: CsvRecord, profile: ProfileSettings, idx: Partial<Record<ColumnField, number>>): RowValues {
  const cell = (f: ColumnField): string | undefined => {
    const i = idx[f];
    if (i === undefined) return undefined;
    if (i >= rec.cells.length) throw new RowRefused(MSG.noColumn(i + 1));
    return rec.cells[i]!;
  };
  const v: Partial<RowValues> = { line: rec.line };
  const code = cell('code');
  if (code !== undefined && (code.trim() !== '' || profile.matchBy === 'code' || profile.createMissing))
    v.code = parseField(itemCodeSchema, code, LABELS.code);
  const gtin = cell('gtin');
  if (gtin !== undefined) v.gtin = parseField(gtinSchema, gtin, LABELS.gtin);
  const name = cell('name');
  if (name !== undefined) v.name = text(name, ITEM_NAME_MAX, LABELS.name);
  const extCode = cell('extCode');
  if (extCode !== undefined) v.extCode = text(extCode, ITEM_EXT_CODE_MAX, LABELS.extCode);
  const extUrl = cell('extUrl');
  if (extUrl !== undefined) {
    v.extUrl = text(extUrl, ITEM_URL_MAX, LABELS.extUrl);
    if (v.extUrl !== '' && !/^https?:\/\/\S+$/i.test(v.extUrl))
      throw new RowRefused(MSG.field(LABELS.extUrl, MSG.urlInvalid));
  }
  const extPrice = cell('extPrice');
  if (extPrice !== undefined) v.extPrice = parseField(moneySchema, extPrice.replace(/\s/g, ''), LABELS.extPrice);
  const stock = cell('stock');
  if (stock !== undefined) v.stock = parseField(countSchema, stock.trim(), LABELS.stock);
  const vat = cell('vat');
  if (vat !== undefined && vat.trim() !== '') v.vat = parseField(vatSchema, vat.trim().replace(/%$/, ''), LABELS.vat);
  const key = profile.matchBy === 'code' ? v.code : profile.matchBy === 'gtin' ? v.gtin : v.extCode;
  if (!key) throw new RowRefused(MSG.keyEmpty);
  return { ...v, key, line: rec.line } as RowValues;
}

const keyOf = (item: CatalogItem, by: ProfileSettings['matchBy']) =>
  by === 'code' ? item.code : by === 'gtin' ? item.gtin : item.extCode;

type Planned =
  | { kind: 'create'; row: RowValues }
  | { kind: 'update'; row: RowValues; item: CatalogItem; changes: CatalogChanges; stock?: number }
  | { kind: 'unchanged'; row: RowValues };

function hasExtColumns(p: ProfileSettings): boolean {
  return p.columns.extCode !== '' || p.columns.extUrl !== '' || p.columns.extPrice !== '';
}

/** The price the profile's rule gives, or undefined to leave it. */
function priceOf(p: ProfileSettings, row: RowValues): number | undefined {
  return p.priceRule === 'margin' && row.extPrice !== undefined ? addPercent(row.extPrice, p.marginPercent) : undefined;
}

function planUpdate(p: ProfileSettings, row: RowValues, item: CatalogItem): Planned {
  const changes: CatalogChanges = {};
  if (row.name !== undefined && row.name !== '' && row.name !== item.name) changes.name = row.name;
  if (row.gtin !== undefined && row.gtin !== '' && row.gtin !== item.gtin) changes.gtin = row.gtin;
  if (row.vat !== undefined && row.vat !== item.vat) changes.vat = row.vat;
  const price = priceOf(p, row);
  if (price !== undefined && price !== item.price) changes.price = price;
  if (hasExtColumns(p)) {
    const ext = {
      code: row.extCode ?? item.extCode,
      url: row.extUrl ?? item.extUrl,
      price: row.extPrice ?? item.extPrice,
      customMargin: item.extMargin,
    };
    if (!item.hasExt || ext.code !== item.extCode || ext.url !== item.extUrl || ext.price !== item.extPrice)
      changes.externalData = ext;
  }
  const stock =
    p.stockRule === 'set' && row.stock !== undefined && row.stock !== item.countWare ? row.stock : undefined;
  if (Object.keys(changes).length === 0 && stock === undefined) return { kind: 'unchanged', row };
  return { kind: 'update', row, item, changes, ...(stock !== undefined ? { stock } : {}) };
}

/** A new item from a row: the profile's defaults for what the file does not say. */
function creation(p: ProfileSettings, r: RowValues, statusId: number): CatalogCreate {
  return {
    input: {
      code: r.code!,
      gtin: r.gtin ?? '',
      name: r.name ?? '',
      description: '',
      price: priceOf(p, r) ?? 0,
      vat: r.vat ?? p.defaults.vat,
      currency: p.defaults.currency,
      countOffer: null,
      itemStatusId: statusId,
      deliveryPriceListId: null,
      deliveryTimeId: null,
      itemGroupId: null,
      categoryId: p.defaults.categoryId,
      placeId: null,
      externalData: hasExtColumns(p)
        ? { code: r.extCode ?? '', url: r.extUrl ?? '', price: r.extPrice ?? 0, customMargin: null }
        : null,
    },
    ...(p.stockRule === 'set' && r.stock !== undefined ? { stock: r.stock } : {}),
  };
}

export interface ImportRun {
  scope: CatalogScope;
  profile: ProfileSettings;
  /** The file's non-empty records, in order (read as the import goes). */
  records: AsyncIterable<CsvRecord>;
  /** How many `records` there are (the header row included). */
  count: number;
  /** Called after each batch with the data rows done and their total. */
  progress(done: number, total: number): Promise<void>;
  signal?: AbortSignal;
}

/** Runs the import and answers its report. */
export async function runImport(run: ImportRun): Promise<ImportReport> {
  const { profile, scope } = run;
  const report: ImportReport = { created: 0, updated: 0, unchanged: 0, errors: [] };
  const fail = (row: number, reason: string) => report.errors.push({ row, reason });
  let header: string[] | null = null;
  let total = run.count;
  let indexes: Partial<Record<ColumnField, number>> = {};
  const refs = await catalogReferences(scope.tdb);
  const statusId = profile.defaults.itemStatusId ?? refs.defaultItemStatusId;

  // The first line of each key (a key twice is reported, not applied), over the whole file.
  const firstLine = new Map<string, number>();
  const firstCode = new Map<string, number>();
  /** A record's checks: its values, or undefined when it is a report line. */
  const checked = (rec: CsvRecord): RowValues | undefined => {
    try {
      const row = rowValues(rec, profile, indexes);
      const seen = firstLine.get(row.key);
      if (seen !== undefined) throw new RowRefused(MSG.duplicate(row.key, seen));
      if (row.code && profile.matchBy !== 'code') {
        const seenCode = firstCode.get(row.code);
        if (seenCode !== undefined) throw new RowRefused(MSG.duplicate(row.code, seenCode));
        firstCode.set(row.code, row.line);
      }
      firstLine.set(row.key, row.line);
      return row;
    } catch (err) {
      if (err instanceof RowRefused) fail(rec.line, err.message);
      else throw err;
      return undefined;
    }
  };

  // The file is read as it is written: BATCH checked rows at a time, never all its rows at once.
  let done = 0;
  let seen = 0;
  let started = false;
  let rows: RowValues[] = [];
  for await (const rec of run.records) {
    if (!started) {
      started = true;
      if (profile.headerRow) {
        header = rec.cells;
        total--;
      }
      const columns = columnIndexes(profile, header);
      if (columns.problems.length > 0) {
        for (const p of columns.problems) fail(header ? 1 : 0, p);
        return report;
      }
      indexes = columns.indexes;
      await run.progress(0, total);
      if (header) continue;
    }
    seen++;
    const row = checked(rec);
    if (row) rows.push(row);
    if (rows.length === BATCH) {
      await writeRows(rows);
      rows = [];
      done = seen;
      await run.progress(done, total);
    }
  }
  if (!started) {
    for (const p of columnIndexes(profile, null).problems) fail(0, p);
    return report;
  }
  if (rows.length > 0) await writeRows(rows);
  if (done < seen) await run.progress(seen, total);
  report.errors.sort((a, b) => a.row - b.row);
  return report;

  async function writeRows(batch: RowValues[]): Promise<void> {
    run.signal?.throwIfAborted();
    const found = await findCatalogItems(
      scope.tdb,
      profile.matchBy,
      batch.map((r) => r.key),
    );
    const byKey = new Map<string, CatalogItem[]>();
    for (const item of found) {
      const k = keyOf(item, profile.matchBy);
      byKey.set(k, [...(byKey.get(k) ?? []), item]);
    }
    const planned: Planned[] = [];
    for (const row of batch) {
      const items = byKey.get(row.key) ?? [];
      if (items.length > 1) fail(row.line, MSG.ambiguous(items.length));
      else if (items.length === 1) planned.push(planUpdate(profile, row, items[0]!));
      else if (!profile.createMissing) fail(row.line, MSG.notFound);
      else if (statusId === null) fail(row.line, MSG.statusMissing);
      else planned.push({ kind: 'create', row });
    }
    // One batch write for the planned rows (the SDK's batch path: a constant number of statements).
    const write = (ps: readonly Planned[]) =>
      writeCatalogBatch(scope, {
        create: ps.flatMap((p) => (p.kind === 'create' ? [creation(profile, p.row, statusId!)] : [])),
        update: ps.flatMap((p) =>
          p.kind === 'update'
            ? [{ id: p.item.id, changes: p.changes, ...(p.stock !== undefined ? { stock: p.stock } : {}) }]
            : [],
        ),
      });
    const count = (p: Planned) => {
      if (p.kind === 'create') report.created++;
      else if (p.kind === 'update') report.updated++;
      else report.unchanged++;
    };
    const writes = planned.filter((p) => p.kind !== 'unchanged');
    let whole = true;
    try {
      await write(writes);
    } catch {
      whole = false;
    }
    if (whole) planned.forEach(count);
    else {
      // Row by row, each in its own transaction: a refused row leaves nothing behind.
      for (const p of planned) {
        try {
          if (p.kind !== 'unchanged') await write([p]);
          count(p);
        } catch (err) {
          // The core's refusals (Polish 4xx) are the row's; anything else fails the job (retried,
          // then shown in 'Dziennik').
          if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
          fail(p.row.line, err.message);
        }
      }
    }
  }
}

/** The report's failure for a file csv-parse cannot read. */
export function brokenFileReport(err: CsvBroken): ImportReport {
  return { created: 0, updated: 0, unchanged: 0, errors: [{ row: err.line, reason: err.message }] };
}

/** import_report.txt: counts, then one line per refused row. */
export function reportText(r: ImportReport): string {
  const lines = [
    'Raport importu z hurtowni (CSV)',
    `Utworzone: ${r.created}`,
    `Zaktualizowane: ${r.updated}`,
    `Bez zmian: ${r.unchanged}`,
    `Błędy: ${r.errors.length}`,
  ];
  if (r.errors.length > 0) lines.push('', ...r.errors.map((e) => `Wiersz ${e.row}: ${e.reason}`));
  return lines.join('\r\n') + '\r\n';
}
