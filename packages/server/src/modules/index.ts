import type { RouteDef } from '../platform/route';
import { authRoutes } from './auth/auth.routes';
import { metaRoutes } from './meta/meta.routes';
import { registrationRoutes } from './registration/registration.routes';
import { usersRoutes } from './users/users.routes';
import { optionsRoutes } from './options/options.routes';
import { referenceListsRoutes } from './reference-lists/reference-lists.routes';
import { printingRoutes } from './printing/printing.routes';
import { catalogTreesRoutes } from './catalog-trees/catalog-trees.routes';
import { parametersRoutes } from './parameters/parameters.routes';

/** Every module's routes, mounted under /api. New modules add their list here. */
export const allRoutes: RouteDef[] = [
  ...metaRoutes,
  ...authRoutes,
  ...registrationRoutes,
  ...usersRoutes,
  ...optionsRoutes,
  ...referenceListsRoutes,
  ...printingRoutes,
  ...catalogTreesRoutes,
  ...parametersRoutes,
];
