import {
  idQuerySchema,
  itemCopySchema,
  itemFreeCodeQuerySchema,
  itemGenerateSchema,
  itemInputSchema,
  itemUpdateSchema,
  massDeleteSchema,
  massEditSchema,
} from '@zaplecze/contract';
import { z } from 'zod';
import { route } from '../../platform/route';
import { generateItems } from './items.generate';
import { massDelete, massEdit } from './items.mass';
import { freeCopyCode } from './items.free-code';
import { copyItem, createItem, deleteItem, getItems, updateItem } from './items.service';
import { itemsSummary } from './items.summary';
import { sendJsonInPieces } from '../../platform/json-chunks';

/**
 * Items (docs/rules/catalogue-and-orders-rules.md §7.2). Reading needs main.items.show, every change main.items.edit
 * (docs/decisions.md, Permissions of the goods catalogue).
 */
export const itemsRoutes = [
  route({
    method: 'GET',
    url: '/items',
    access: 'main.items.show',
    // The lookups and the search are told apart by their fields (items.service getItems).
    query: z.record(z.string(), z.unknown()),
    handler: async (ctx, { query }, _req, reply) => {
      const answer = await getItems(ctx, query);
      // A big page goes out in pieces (platform/json-chunks.ts).
      return answer.items.length > 1000 ? sendJsonInPieces(reply, { ...answer }, 'items') : answer;
    },
  }),
  route({
    method: 'POST',
    url: '/items',
    access: 'main.items.edit',
    body: itemInputSchema,
    handler: (ctx, { body }) => createItem(ctx, body),
  }),
  route({
    method: 'PUT',
    url: '/items',
    access: 'main.items.edit',
    body: itemUpdateSchema,
    handler: (ctx, { body }) => updateItem(ctx, body),
  }),
  route({
    method: 'DELETE',
    url: '/items',
    access: 'main.items.edit',
    query: idQuerySchema,
    handler: (ctx, { query }) => deleteItem(ctx, query.id),
  }),
  route({
    method: 'POST',
    url: '/items/copy',
    access: 'main.items.edit',
    body: itemCopySchema,
    handler: (ctx, { body }) => copyItem(ctx, body.id, body.newCode),
  }),
  route({
    method: 'GET',
    url: '/items/free_code',
    access: 'main.items.edit',
    query: itemFreeCodeQuerySchema,
    handler: async (ctx, { query }) => ({ code: await freeCopyCode(ctx, query.code) }),
  }),
  route({
    method: 'POST',
    url: '/items/generate_many',
    access: 'main.items.edit',
    body: itemGenerateSchema,
    handler: (ctx, { body }) => generateItems(ctx, body),
  }),
  route({
    method: 'POST',
    url: '/items/mass_delete',
    access: 'main.items.edit',
    body: massDeleteSchema,
    handler: (ctx, { body }) => massDelete(ctx, body.ids),
  }),
  route({
    method: 'POST',
    url: '/items/mass_edit',
    access: 'main.items.edit',
    body: massEditSchema,
    handler: (ctx, { body }) => massEdit(ctx, body.ids, body.data, body.idempotencyKey),
  }),
  route({
    method: 'GET',
    url: '/items/summary_homepage',
    access: 'main.items.show',
    handler: (ctx) => itemsSummary(ctx),
  }),
];
