import { listRoutes } from './list-routes';
import { LISTS } from './lists';

export const referenceListsRoutes = Object.values(LISTS).flatMap(listRoutes);
