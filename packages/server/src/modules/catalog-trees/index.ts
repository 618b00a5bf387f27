import type { ServerModule } from '../../platform/module';
import { catalogTreesRoutes } from './catalog-trees.routes';

/** Category and warehouse-place trees. */
export const catalogTreesModule: ServerModule = {
  name: 'catalog-trees',
  title: 'Kategorie i miejsca w magazynie',
  routes: catalogTreesRoutes,
};
export { lineageOf } from './tree-paths';
export { treeRepository, type TreeKind } from './tree.repository';
