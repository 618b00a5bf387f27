import {
  idQuerySchema,
  parameterInputSchema,
  parameterSchema,
  parametersQuerySchema,
  parametersResponseSchema,
  parameterUpdateSchema,
} from '@zaplecze/contract';
import { z } from 'zod';
import { NO_CONTENT, route } from '../../platform/route';
import * as parameters from './parameters.service';

/** Reading is for every signed-in user; changing needs the goods permission (main.admin passes). */
export const parametersRoutes = [
  route({
    method: 'GET',
    url: '/parameters',
    access: 'authenticated',
    summary: 'Parametry towarów: lista (z filtrami kategorii) albo jeden (?id=)',
    response: z.union([parameterSchema, parametersResponseSchema]),
    query: parametersQuerySchema,
    handler: async (ctx, { query }) =>
      query.id ? parameters.getOne(ctx, query.id) : { params: await parameters.list(ctx, query) },
  }),
  route({
    method: 'POST',
    url: '/parameters',
    access: 'main.items.edit',
    summary: 'Nowy parametr',
    response: parameterSchema,
    body: parameterInputSchema,
    handler: (ctx, { body }) => parameters.create(ctx, body),
  }),
  route({
    method: 'PUT',
    url: '/parameters',
    access: 'main.items.edit',
    summary: 'Zmiana parametru',
    response: parameterSchema,
    body: parameterUpdateSchema,
    handler: (ctx, { body }) => parameters.update(ctx, body.id, body),
  }),
  route({
    method: 'DELETE',
    url: '/parameters',
    access: 'main.items.edit',
    summary: 'Usunięcie parametru',
    response: NO_CONTENT,
    query: idQuerySchema,
    handler: (ctx, { query }) => parameters.remove(ctx, query.id),
  }),
];
