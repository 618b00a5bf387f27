import { registerRequestSchema } from '@zaplecze/contract';
import { route } from '../../platform/route';
import { createCaptcha } from '../../platform/captcha';
import { register } from './registration.service';

export const registrationRoutes = [
  route({
    method: 'GET',
    url: '/register',
    access: 'public',
    handler: async (ctx) => ({
      enabled: ctx.deps.config.registrationEnabled,
      registerText: ctx.deps.config.registrationEnabled ? '' : ctx.deps.config.registerText,
    }),
  }),
  route({
    method: 'POST',
    url: '/register',
    access: 'public',
    body: registerRequestSchema,
    handler: (ctx, { body }) => register(ctx, body),
  }),
  route({ method: 'GET', url: '/captcha', access: 'public', handler: (ctx) => createCaptcha(ctx) }),
];
