import {
  idQuerySchema,
  warehouseChangeSchema,
  warehouseChangesAnswerSchema,
  warehouseCommitSchema,
  warehouseListQuerySchema,
  warehouseMonthSchema,
} from '@zaplecze/contract';
import { z } from 'zod';
import { fileAnswer, NO_CONTENT, route } from '../../platform/route';
import { commit, exportCsv, getChanges, remove } from './stock.service';

/**
 * Warehouse changes (docs/rules/platform-rules.md §2): reading needs main.items.show, committing and deleting
 * main.warehouse.edit (docs/decisions.md, Stock ledger and warehouse changes).
 */
export const stockRoutes = [
  route({
    method: 'GET',
    url: '/warehouse_changes',
    access: 'main.items.show',
    summary: 'Zmiany magazynowe: strona miesiąca albo jedna (?id=)',
    response: warehouseChangesAnswerSchema,
    docs: { query: z.union([idQuerySchema, warehouseListQuerySchema]) },
    // One change by id or a page of a month: told apart by `id` (parseWarehouseChangesQuery).
    query: z.record(z.string(), z.unknown()),
    handler: (ctx, { query }) => getChanges(ctx, query),
  }),
  route({
    method: 'PUT',
    url: '/warehouse_changes',
    access: 'main.warehouse.edit',
    summary: 'Zatwierdzenie zmiany magazynowej',
    response: warehouseChangeSchema,
    body: warehouseCommitSchema,
    handler: (ctx, { body }) => commit(ctx, body.id),
  }),
  route({
    method: 'DELETE',
    url: '/warehouse_changes',
    access: 'main.warehouse.edit',
    summary: 'Usunięcie zmiany magazynowej (stan towaru zostaje)',
    response: NO_CONTENT,
    query: idQuerySchema,
    handler: (ctx, { query }) => remove(ctx, query.id),
  }),
  route({
    method: 'GET',
    url: '/warehouse_changes/export_csv',
    access: 'main.items.show',
    summary: 'Zmiany magazynowe miesiąca jako CSV',
    response: fileAnswer('text/csv', 'Plik CSV (UTF-8) zmian magazynowych miesiąca.'),
    query: warehouseMonthSchema,
    handler: async (ctx, { query }, _req, reply) => {
      const { fileName, body } = await exportCsv(ctx, query);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      reply.header('cache-control', 'no-store');
      return body;
    },
  }),
];
