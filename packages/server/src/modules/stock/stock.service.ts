import {
  parseWarehouseChangesQuery,
  warehouseCsvFileName,
  type WarehouseChange,
  type WarehouseChangesAnswer,
  type WarehouseMonth,
} from '@zaplecze/contract';
import type { Readable } from 'node:stream';
import type { AuthContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { warehouseCsv } from './stock.csv';
import { commitChange, deleteChange } from './stock.ledger';
import { toWarehouseChange } from './stock.mapper';
import { STOCK_MSG } from './messages.pl';
import { stockRepository as repo } from './stock.repository';
import { warsawMonthRange } from './warsaw-time';

/** GET /warehouse_changes: one change by id, or a page of a Warsaw calendar month sorted by id. */
export async function getChanges(ctx: AuthContext, query: Record<string, unknown>): Promise<WarehouseChangesAnswer> {
  const q = parseWarehouseChangesQuery(query);
  if ('id' in q) {
    const row = await repo.findById(ctx.tdb, q.id);
    if (!row) throw notFound(STOCK_MSG.changeNotFound);
    return { warehouseChanges: [toWarehouseChange(row)], count: 1, perPage: 1 };
  }
  const range = warsawMonthRange(q.year, q.month);
  const [rows, count] = await Promise.all([
    repo.monthPage(ctx.tdb, range, q.perPage, (q.page - 1) * q.perPage),
    repo.monthCount(ctx.tdb, range),
  ]);
  return { warehouseChanges: rows.map(toWarehouseChange), count, perPage: q.perPage };
}

/** PUT /warehouse_changes: commits a pending change and answers it as committed. */
export async function commit(ctx: AuthContext, id: number): Promise<WarehouseChange> {
  return toWarehouseChange(await commitChange(ctx.deps, ctx.tdb, id));
}

/** DELETE /warehouse_changes?id=: the row goes, the item's stock stays as it is. */
export async function remove(ctx: AuthContext, id: number): Promise<void> {
  await deleteChange(ctx.deps, ctx.tdb, id);
}

/** GET /warehouse_changes/export_csv: the stream and its download name. */
export async function exportCsv(ctx: AuthContext, m: WarehouseMonth): Promise<{ fileName: string; body: Readable }> {
  return { fileName: warehouseCsvFileName(m), body: await warehouseCsv(ctx.tdb, warsawMonthRange(m.year, m.month)) };
}
