import { idQuerySchema, idSchema, treeNodeInputSchema } from '@zaplecze/contract';
import { z } from 'zod';
import { NO_CONTENT, route, type RouteDef } from '../../platform/route';
import type { TreeDefinition } from './tree-definition';
import * as trees from './tree.service';

const byId = z.object({ id: idSchema.optional() });
const updateBody = treeNodeInputSchema.extend({ id: idSchema });

/** GET (whole tree or ?id=), POST (new), PUT (with id) and DELETE ?id= of one tree. */
export function treeRoutes(def: TreeDefinition): RouteDef[] {
  return [
    route({
      method: 'GET',
      url: def.apiPath,
      access: 'authenticated',
      summary: `${def.messages.title}: wszystkie albo jeden (?id=)`,
      response: z.union([def.row, z.object({ [def.listKey]: z.array(def.row) })]),
      query: byId,
      handler: async (ctx, { query }) =>
        query.id ? trees.getOne(ctx, def, query.id) : { [def.listKey]: await trees.list(ctx, def) },
    }),
    route({
      method: 'POST',
      url: def.apiPath,
      access: def.editPermission,
      summary: `${def.messages.title}: dodanie`,
      response: def.row,
      body: treeNodeInputSchema,
      handler: (ctx, { body }) => trees.create(ctx, def, body),
    }),
    route({
      method: 'PUT',
      url: def.apiPath,
      access: def.editPermission,
      summary: `${def.messages.title}: zmiana`,
      response: def.row,
      body: updateBody,
      handler: (ctx, { body }) => trees.update(ctx, def, body.id, body),
    }),
    route({
      method: 'DELETE',
      url: def.apiPath,
      access: def.editPermission,
      summary: `${def.messages.title}: usunięcie`,
      response: NO_CONTENT,
      query: idQuerySchema,
      handler: (ctx, { query }) => trees.remove(ctx, def, query.id),
    }),
  ];
}
