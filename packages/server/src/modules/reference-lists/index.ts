import type { ServerModule } from '../../platform/module';
import { referenceListsRoutes } from './reference-lists.routes';

/** The eight simple reference lists served by one route factory. */
export const referenceListsModule: ServerModule = {
  name: 'reference-lists',
  title: 'Listy słownikowe',
  routes: referenceListsRoutes,
};
