import { treeRoutes } from './tree-routes';
import { CATEGORIES, PLACES } from './trees';

export const catalogTreesRoutes = [...treeRoutes(CATEGORIES), ...treeRoutes(PLACES)];
