import type { PluginDefinition } from '@zaplecze/plugin-sdk';
import wholesaleCsv from './wholesale-csv/server';
import moto from './moto/server';
import allegro from './allegro/server';
import woocommerce from './woocommerce/server';
import dpd from './dpd/server';
import inpost from './inpost/server';
import invoicing from './invoicing/server';
import fiscalPrinter from './fiscal-printer/server';
import jpk from './jpk/server';

/**
 * THE list of the plugins built with the app (docs/plugins.md): one static import per plugin's
 * server entry, `plugins/<id>/server/index.ts`, no scanning of folders. The host
 * (packages/server/src/modules/plugins) loads them in dependency order.
 */
export const plugins: PluginDefinition[] = [
  wholesaleCsv,
  moto,
  allegro,
  woocommerce,
  dpd,
  inpost,
  invoicing,
  fiscalPrinter,
  jpk,
];
