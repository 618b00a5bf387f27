import {
  idQuerySchema,
  itemCopySchema,
  itemFreeCodeQuerySchema,
  itemGenerateSchema,
  itemFreeCodeAnswerSchema,
  itemGenerateAnswerSchema,
  itemInputSchema,
  itemLookupAnswerSchema,
  itemSchema,
  itemsAnswerSchema,
  itemsQueryDocSchema,
  itemsSummarySchema,
  itemUpdateSchema,
  massDeleteSchema,
  massEditSchema,
  massResultSchema,
} from '@zaplecze/contract';
import { z } from 'zod';
import { NO_CONTENT, route } from '../../platform/route';
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
    summary: 'Towary: wyszukiwanie (strona listy) albo wyszukanie po id, kodzie, GTIN lub kodzie czytnika',
    response: z.union([itemLookupAnswerSchema, itemsAnswerSchema]),
    docs: {
      query: itemsQueryDocSchema,
      description:
        'Z polem `id`, `fullcode`, `fullgtin` albo `scanbarcode` odpowiada pełnymi towarami (z opisem, zdjęciami i parametrami); bez nich wyszukuje i odpowiada stroną wierszy listy z dokładną liczbą wszystkich pasujących. Zainstalowane wtyczki dodają własne filtry (np. moto: `motoMakeId`, `motoModelId`, `motoYear`).',
    },
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
    summary: 'Nowy towar',
    response: itemSchema,
    body: itemInputSchema,
    handler: (ctx, { body }) => createItem(ctx, body),
  }),
  route({
    method: 'PUT',
    url: '/items',
    access: 'main.items.edit',
    summary: 'Zmiana towaru',
    response: itemSchema,
    body: itemUpdateSchema,
    handler: (ctx, { body }) => updateItem(ctx, body),
  }),
  route({
    method: 'DELETE',
    url: '/items',
    access: 'main.items.edit',
    summary: 'Usunięcie towaru',
    response: NO_CONTENT,
    query: idQuerySchema,
    handler: (ctx, { query }) => deleteItem(ctx, query.id),
  }),
  route({
    method: 'POST',
    url: '/items/copy',
    access: 'main.items.edit',
    summary: 'Kopia towaru pod nowym kodem',
    response: itemSchema,
    body: itemCopySchema,
    handler: (ctx, { body }) => copyItem(ctx, body.id, body.newCode),
  }),
  route({
    method: 'GET',
    url: '/items/free_code',
    access: 'main.items.edit',
    summary: 'Wolny kod dla kopii towaru (KOD-1, KOD-2, …)',
    response: itemFreeCodeAnswerSchema,
    query: itemFreeCodeQuerySchema,
    handler: async (ctx, { query }) => ({ code: await freeCopyCode(ctx, query.code) }),
  }),
  route({
    method: 'POST',
    url: '/items/generate_many',
    access: 'main.items.edit',
    summary: 'Generowanie towarów z zakresu kodów (do 1000)',
    response: itemGenerateAnswerSchema,
    body: itemGenerateSchema,
    handler: (ctx, { body }) => generateItems(ctx, body),
  }),
  route({
    method: 'POST',
    url: '/items/mass_delete',
    access: 'main.items.edit',
    summary: 'Usunięcie wielu towarów (do 1000)',
    response: massResultSchema,
    body: massDeleteSchema,
    handler: (ctx, { body }) => massDelete(ctx, body.ids),
  }),
  route({
    method: 'POST',
    url: '/items/mass_edit',
    access: 'main.items.edit',
    summary: 'Edycja wielu towarów (do 1000, z kluczem idempotencji)',
    response: massResultSchema,
    body: massEditSchema,
    handler: (ctx, { body }) => massEdit(ctx, body.ids, body.data, body.idempotencyKey),
  }),
  route({
    method: 'GET',
    url: '/items/summary_homepage',
    access: 'main.items.show',
    summary: 'Podsumowanie towarów na stronę główną',
    response: itemsSummarySchema,
    handler: (ctx) => itemsSummary(ctx),
  }),
];
