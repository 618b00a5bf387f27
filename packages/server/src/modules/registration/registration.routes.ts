import { captchaSchema, registerRequestSchema, registerResponseSchema, registerTextSchema } from '@zaplecze/contract';
import { route } from '../../platform/route';
import { createCaptcha } from '../../platform/captcha';
import { register } from './registration.service';

export const registrationRoutes = [
  route({
    method: 'GET',
    url: '/register',
    access: 'public',
    summary: 'Czy rejestracja jest otwarta',
    response: registerTextSchema,
    handler: async (ctx) => ({
      enabled: ctx.deps.config.registrationEnabled,
      registerText: ctx.deps.config.registrationEnabled ? '' : ctx.deps.config.registerText,
    }),
  }),
  route({
    method: 'POST',
    url: '/register',
    access: 'public',
    summary: 'Rejestracja organizacji z administratorem',
    response: registerResponseSchema,
    docs: { form: true },
    body: registerRequestSchema,
    handler: (ctx, { body }) => register(ctx, body),
  }),
  route({
    method: 'GET',
    url: '/captcha',
    access: 'public',
    summary: 'Nowa captcha (obrazek i identyfikator)',
    response: captchaSchema,
    handler: (ctx) => createCaptcha(ctx),
  }),
];
