import { loginRequestSchema, renewRequestSchema } from '@zaplecze/contract';
import { route } from '../../platform/route';
import { bearerToken } from './auth.guard';
import * as auth from './auth.service';

/** The session's own routes refuse API tokens (sessionOnly): a token neither reads, renews nor ends a session. */
export const authRoutes = [
  route({
    method: 'POST',
    url: '/login',
    access: 'public',
    body: loginRequestSchema,
    handler: (ctx, { body }) => auth.login(ctx, body),
  }),
  route({
    method: 'GET',
    url: '/login',
    access: 'authenticated',
    sessionOnly: true,
    handler: (ctx, _input, req) => auth.current(ctx, bearerToken(req) ?? ''),
  }),
  route({
    method: 'PUT',
    url: '/login',
    access: 'authenticated',
    sessionOnly: true,
    body: renewRequestSchema,
    handler: (ctx, { body }, req) => auth.renew(ctx, bearerToken(req) ?? '', body.longtoken),
  }),
  route({
    method: 'DELETE',
    url: '/login',
    access: 'authenticated',
    sessionOnly: true,
    handler: (ctx) => auth.logout(ctx),
  }),
];
