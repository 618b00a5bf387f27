import { optionResponseSchema, optionsPutSchema, optionsQuerySchema, optionsResponseSchema } from '@zaplecze/contract';
import { z } from 'zod';
import { NO_CONTENT, route } from '../../platform/route';
import * as options from './options.service';

export const optionsRoutes = [
  route({
    method: 'GET',
    url: '/options',
    access: 'authenticated',
    summary: 'Opcje organizacji: jedna (?key=) albo kilka (?keys=A,B)',
    response: z.union([optionResponseSchema, optionsResponseSchema]),
    query: optionsQuerySchema,
    handler: (ctx, { query }) =>
      query.key ? options.getOption(ctx, query.key) : options.getOptions(ctx, query.keys ?? []),
  }),
  // Each key carries its own edit permission, checked by the service (settings, items or orders).
  route({
    method: 'PUT',
    url: '/options',
    access: 'authenticated',
    summary: 'Zapis opcji (jednej albo kilku w jednej transakcji)',
    response: NO_CONTENT,
    docs: { description: 'Każda opcja wymaga swojego uprawnienia edycji (ustawienia, towary albo zamówienia).' },
    body: optionsPutSchema,
    handler: (ctx, { body }) => options.putOptions(ctx, body),
  }),
];
