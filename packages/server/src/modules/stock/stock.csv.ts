import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { WAREHOUSE_CHANGE_TYPE_NAMES, type WarehouseChangeType } from '@zaplecze/contract';
import type { TenantDb } from '../../db/tenant';
import { csvStringifier } from '../../platform/csv';
import { type ChangeRow, type DateRange, stockRepository as repo } from './stock.repository';
import { warsawDateTime } from './warsaw-time';

/**
 * The CSV export of a month of warehouse changes (docs/decisions.md, Stock ledger and warehouse
 * changes): UTF-8 with a BOM and `;` between fields, CRLF line ends, Polish headers, Warsaw
 * dates as `2026-11-23 14:05:00`, numbers as plain digits. Quoting and formula neutralising
 * are platform/csv.ts's (also after leading white space and line breaks); numbers stay numbers,
 * so -3 is still minus three. Rows are read in chunks and written as they come, never held all at once.
 */

/** Rows per database round trip of the export. */
export const EXPORT_CHUNK = 1000;

const COLUMNS = [
  { key: 'id', header: 'ID' },
  { key: 'changeDate', header: 'Data zmiany' },
  { key: 'commitDate', header: 'Data zatwierdzenia' },
  { key: 'code', header: 'Kod towaru' },
  { key: 'name', header: 'Nazwa towaru' },
  { key: 'type', header: 'Typ' },
  { key: 'quantity', header: 'Ilość' },
  { key: 'qtyBefore', header: 'Stan przed' },
  { key: 'qtyAfter', header: 'Stan po' },
  { key: 'committed', header: 'Zatwierdzona' },
  { key: 'orderId', header: 'Zamówienie' },
] as const;

type CsvRecord = Record<(typeof COLUMNS)[number]['key'], string | number | null>;

const asDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));

function toRecord(r: ChangeRow): CsvRecord {
  return {
    id: r.id,
    changeDate: warsawDateTime(asDate(r.change_date)),
    commitDate: r.commit_date === null ? null : warsawDateTime(asDate(r.commit_date)),
    code: r.item_code,
    name: r.item_name,
    type: WAREHOUSE_CHANGE_TYPE_NAMES[r.type as WarehouseChangeType] ?? r.type,
    // Numbers, not text: csv-stringify's formula escaping leaves a number's minus sign alone.
    quantity: r.quantity,
    qtyBefore: r.qty_before,
    qtyAfter: r.qty_after,
    committed: r.committed === 1 ? 'Tak' : 'Nie',
    orderId: r.order_id,
  };
}

async function* records(tdb: TenantDb, range: DateRange, first: ChangeRow[]): AsyncGenerator<CsvRecord> {
  let chunk = first;
  while (chunk.length > 0) {
    for (const row of chunk) yield toRecord(row);
    if (chunk.length < EXPORT_CHUNK) return;
    const last = chunk[chunk.length - 1] as ChangeRow;
    chunk = await repo.monthChunk(tdb, range, { changeDate: last.change_date, id: last.id }, EXPORT_CHUNK);
  }
}

/**
 * The CSV as a stream. The first chunk is read before the answer starts, so a failing database
 * still answers a proper error instead of a cut-off file.
 */
export async function warehouseCsv(tdb: TenantDb, range: DateRange): Promise<Readable> {
  const first = await repo.monthChunk(tdb, range, undefined, EXPORT_CHUNK);
  const csv = csvStringifier({
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    header: true,
    columns: COLUMNS.map((c) => ({ key: c.key, header: c.header })),
  });
  // A failure (or the client going away) destroys both ends; the generator then stops reading.
  pipeline(Readable.from(records(tdb, range, first)), csv).catch(() => undefined);
  return csv;
}
