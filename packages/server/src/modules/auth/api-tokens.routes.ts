import {
  apiTokenCreatedSchema,
  apiTokenCreateSchema,
  idQuerySchema,
  orgApiTokensQuerySchema,
  orgApiTokensSchema,
  ownApiTokensSchema,
} from '@zaplecze/contract';
import { NO_CONTENT, route } from '../../platform/route';
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
    summary: 'Moje tokeny API',
    response: ownApiTokensSchema,
    handler: (ctx) => apiTokens.listOwn(ctx),
  }),
  route({
    method: 'POST',
    url: '/profile/api_tokens',
    access: 'authenticated',
    sessionOnly: true,
    body: apiTokenCreateSchema,
    summary: 'Nowy token API (token w odpowiedzi jest pokazywany tylko raz)',
    response: apiTokenCreatedSchema,
    handler: (ctx, { body }) => apiTokens.create(ctx, body),
  }),
  route({
    method: 'DELETE',
    url: '/profile/api_tokens',
    access: 'authenticated',
    sessionOnly: true,
    query: idQuerySchema,
    summary: 'Odwołanie własnego tokenu API',
    response: NO_CONTENT,
    handler: (ctx, { query }) => apiTokens.revokeOwn(ctx, query.id),
  }),
  route({
    method: 'GET',
    url: '/api_tokens',
    access: 'main.users.edit',
    sessionOnly: true,
    query: orgApiTokensQuerySchema,
    summary: 'Tokeny API użytkowników organizacji',
    response: orgApiTokensSchema,
    handler: (ctx, { query }) => apiTokens.listOrg(ctx, query.userId),
  }),
  route({
    method: 'DELETE',
    url: '/api_tokens',
    access: 'main.users.edit',
    sessionOnly: true,
    query: idQuerySchema,
    summary: 'Odwołanie tokenu API użytkownika',
    response: NO_CONTENT,
    handler: (ctx, { query }) => apiTokens.revokeAny(ctx, query.id),
  }),
];
