import { route } from '../../platform/route';
import { countryList } from './countries';
import { permissionsInfo } from './permissions-info';
import { APP_VERSION } from './version';

export const LANGUAGES = [
  { code: 'pl', name: 'Polski' },
  { code: 'en', name: 'English' },
];

export const metaRoutes = [
  route({
    method: 'GET',
    url: '/',
    access: 'public',
    handler: async (ctx) => ({
      isTest: ctx.deps.config.isTest,
      loginInfo: ctx.deps.config.loginInfo,
      version: APP_VERSION,
      desktopAppUrl: ctx.deps.config.desktopAppUrl,
    }),
  }),
  route({ method: 'GET', url: '/data/languages', access: 'public', handler: async () => ({ languages: LANGUAGES }) }),
  route({
    method: 'GET',
    url: '/data/countries',
    access: 'public',
    handler: async () => ({ countries: countryList() }),
  }),
  route({
    method: 'GET',
    url: '/data/permissions_info',
    access: 'authenticated',
    handler: async () => permissionsInfo(),
  }),
];
