import { idQuerySchema, idSchema } from '@zaplecze/contract';
import { z } from 'zod';
import { NO_CONTENT, route, type RouteDef } from '../../platform/route';
import type { ListDefinition } from './list-definition';
import * as lists from './list.service';

/** GET (list or ?id=), POST, PUT and DELETE ?id= for one simple list. */
export function listRoutes(def: ListDefinition): RouteDef[] {
  const byId = z.object({ id: idSchema.optional() });
  const update = def.input.extend({ id: idSchema });
  return [
    route({
      method: 'GET',
      url: def.apiPath,
      access: 'authenticated',
      summary: `${def.title}: wszystkie albo jeden (?id=)`,
      response: z.union([def.row, z.object({ [def.listKey]: z.array(def.row) })]),
      query: byId,
      handler: async (ctx, { query }) =>
        query.id ? lists.getOne(ctx, def, query.id) : { [def.listKey]: await lists.list(ctx, def) },
    }),
    route({
      method: 'POST',
      url: def.apiPath,
      access: def.editPermission,
      summary: `${def.title}: dodanie`,
      response: def.row,
      body: def.input,
      handler: (ctx, { body }) => lists.create(ctx, def, body),
    }),
    route({
      method: 'PUT',
      url: def.apiPath,
      access: def.editPermission,
      summary: `${def.title}: zmiana`,
      response: def.row,
      body: update,
      // The extended schema guarantees the id; the generic type cannot see it.
      handler: (ctx, { body }) => lists.update(ctx, def, (body as { id: number }).id, body),
    }),
    route({
      method: 'DELETE',
      url: def.apiPath,
      access: def.editPermission,
      summary: `${def.title}: usunięcie`,
      response: NO_CONTENT,
      query: idQuerySchema,
      handler: (ctx, { query }) => lists.remove(ctx, def, query.id),
    }),
  ];
}
