import type { ServerModule } from '../platform/module';
import { authModule } from './auth';
import { carriersModule } from './carriers';
import { catalogTreesModule } from './catalog-trees';
import { documentsModule } from './documents';
import { filesModule } from './files';
import { healthModule } from './health';
import { invoicesModule } from './invoices';
import { itemReaderModule } from './item-reader';
import { jobsAdminModule } from './jobs-admin';
import { itemsModule } from './items';
import { metaModule } from './meta';
import { optionsModule } from './options';
import { orderReaderModule } from './order-reader';
import { ordersModule } from './orders';
import { parametersModule } from './parameters';
import { pluginsModule } from './plugins';
import { printingModule } from './printing';
import { referenceListsModule } from './reference-lists';
import { registrationModule } from './registration';
import { stockModule } from './stock';
import { usersModule } from './users';

/**
 * Every module of the server, each through its face (its index.ts). Routes are mounted under /api;
 * usage checks and event subscribers are wired by server.ts. A new module adds itself here.
 */
export const allModules: ServerModule[] = [
  healthModule,
  metaModule,
  authModule,
  registrationModule,
  usersModule,
  optionsModule,
  referenceListsModule,
  printingModule,
  catalogTreesModule,
  parametersModule,
  filesModule,
  itemsModule,
  stockModule,
  itemReaderModule,
  ordersModule,
  carriersModule,
  documentsModule,
  orderReaderModule,
  invoicesModule,
  pluginsModule,
  jobsAdminModule,
];
