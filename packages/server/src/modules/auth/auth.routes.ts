import { loginRequestSchema, renewRequestSchema } from '@zaplecze/contract';
import { route } from '../../platform/route';
import { bearerToken } from './auth.guard';
import * as auth from './auth.service';

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
    handler: (ctx, _input, req) => auth.current(ctx, bearerToken(req) ?? ''),
  }),
  route({
    method: 'PUT',
    url: '/login',
    access: 'authenticated',
    body: renewRequestSchema,
    handler: (ctx, { body }, req) => auth.renew(ctx, bearerToken(req) ?? '', body.longtoken),
  }),
  route({
    method: 'DELETE',
    url: '/login',
    access: 'authenticated',
    handler: (ctx) => auth.logout(ctx),
  }),
];
