import { optionsPutSchema, optionsQuerySchema } from '@zaplecze/contract';
import { route } from '../../platform/route';
import * as options from './options.service';

export const optionsRoutes = [
  route({
    method: 'GET',
    url: '/options',
    access: 'authenticated',
    query: optionsQuerySchema,
    handler: (ctx, { query }) =>
      query.key ? options.getOption(ctx, query.key) : options.getOptions(ctx, query.keys ?? []),
  }),
  // Each key carries its own edit permission, checked by the service (settings, items or orders).
  route({
    method: 'PUT',
    url: '/options',
    access: 'authenticated',
    body: optionsPutSchema,
    handler: (ctx, { body }) => options.putOptions(ctx, body),
  }),
];
