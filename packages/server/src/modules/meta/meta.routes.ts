import {
  countriesResponseSchema,
  languagesResponseSchema,
  mainInfoSchema,
  permissionsInfoResponseSchema,
} from '@zaplecze/contract';
import { route } from '../../platform/route';
import { pluginPermissionSections } from '../plugins';
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
    summary: 'Informacje o serwerze (wersja, komunikat logowania)',
    response: mainInfoSchema,
    handler: async (ctx) => ({
      isTest: ctx.deps.config.isTest,
      loginInfo: ctx.deps.config.loginInfo,
      version: APP_VERSION,
      desktopAppUrl: ctx.deps.config.desktopAppUrl,
    }),
  }),
  route({
    method: 'GET',
    url: '/data/languages',
    access: 'public',
    summary: 'Języki interfejsu',
    response: languagesResponseSchema,
    handler: async () => ({ languages: LANGUAGES }),
  }),
  route({
    method: 'GET',
    url: '/data/countries',
    access: 'public',
    summary: 'Kraje (kody ISO 3166 i polskie nazwy)',
    response: countriesResponseSchema,
    handler: async () => ({ countries: countryList() }),
  }),
  route({
    method: 'GET',
    url: '/data/permissions_info',
    access: 'authenticated',
    summary: 'Uprawnienia: nazwy i opisy, z uprawnieniami zainstalowanych wtyczek',
    response: permissionsInfoResponseSchema,
    // The core's sections, then one section per plugin the organisation installed.
    handler: async (ctx) => {
      const core = permissionsInfo();
      const plugins = await pluginPermissionSections(ctx);
      return {
        sections: [...core.sections, ...plugins.sections],
        permissions: [...core.permissions, ...plugins.permissions],
      };
    },
  }),
];
