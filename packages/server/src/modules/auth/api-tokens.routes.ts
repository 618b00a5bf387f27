import { apiTokenCreateSchema, idQuerySchema, orgApiTokensQuerySchema } from '@zaplecze/contract';
import { route } from '../../platform/route';
import * as apiTokens from './api-tokens.service';

/**
 * API tokens (docs/decisions.md, API tokens). Every route is session-only: a token never lists,
 * makes or revokes tokens. Own tokens under /profile; the organisation's for user managers.
 */
export const apiTokensRoutes = [
  route({
    method: 'GET',
    url: '/profile/api_tokens',
    access: 'authenticated',
    sessionOnly: true,
    handler: (ctx) => apiTokens.listOwn(ctx),
  }),
  route({
    method: 'POST',
    url: '/profile/api_tokens',
    access: 'authenticated',
    sessionOnly: true,
    body: apiTokenCreateSchema,
    handler: (ctx, { body }) => apiTokens.create(ctx, body),
  }),
  route({
    method: 'DELETE',
    url: '/profile/api_tokens',
    access: 'authenticated',
    sessionOnly: true,
    query: idQuerySchema,
    handler: (ctx, { query }) => apiTokens.revokeOwn(ctx, query.id),
  }),
  route({
    method: 'GET',
    url: '/api_tokens',
    access: 'main.users.edit',
    sessionOnly: true,
    query: orgApiTokensQuerySchema,
    handler: (ctx, { query }) => apiTokens.listOrg(ctx, query.userId),
  }),
  route({
    method: 'DELETE',
    url: '/api_tokens',
    access: 'main.users.edit',
    sessionOnly: true,
    query: idQuerySchema,
    handler: (ctx, { query }) => apiTokens.revokeAny(ctx, query.id),
  }),
];
