import { loginRequestSchema, renewRequestSchema, tokenObjectSchema } from '@zaplecze/contract';
import { NO_CONTENT, route } from '../../platform/route';
import { bearerToken } from './auth.guard';
import * as auth from './auth.service';

/** The session's own routes refuse API tokens (sessionOnly): a token neither reads, renews nor ends a session. */
export const authRoutes = [
  route({
    method: 'POST',
    url: '/login',
    access: 'public',
    summary: 'Logowanie: token sesji',
    response: tokenObjectSchema,
    docs: { form: true },
    body: loginRequestSchema,
    handler: (ctx, { body }) => auth.login(ctx, body),
  }),
  route({
    method: 'GET',
    url: '/login',
    access: 'authenticated',
    sessionOnly: true,
    summary: 'Bieżąca sesja (sprawdzenie tokenu)',
    response: tokenObjectSchema,
    handler: (ctx, _input, req) => auth.current(ctx, bearerToken(req) ?? ''),
  }),
  route({
    method: 'PUT',
    url: '/login',
    access: 'authenticated',
    sessionOnly: true,
    summary: 'Przedłużenie sesji',
    response: tokenObjectSchema,
    body: renewRequestSchema,
    handler: (ctx, { body }, req) => auth.renew(ctx, bearerToken(req) ?? '', body.longtoken),
  }),
  route({
    method: 'DELETE',
    url: '/login',
    access: 'authenticated',
    sessionOnly: true,
    summary: 'Wylogowanie (unieważnia token)',
    response: NO_CONTENT,
    handler: (ctx) => auth.logout(ctx),
  }),
];
