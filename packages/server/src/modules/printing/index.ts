import type { ServerModule } from '../../platform/module';
import { printingRoutes } from './printing.routes';

/** Reader-code sheets (POST /print/barcode/{kind}). */
export const printingModule: ServerModule = {
  name: 'printing',
  title: 'Arkusze kodów czytnika',
  routes: printingRoutes,
};
