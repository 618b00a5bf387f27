import type { ServerModule } from '../../platform/module';
import { PARAM_MSG } from './messages.pl';
import { parametersRepository } from './parameters.repository';
import { parametersRoutes } from './parameters.routes';

/** Item parameters; a category with parameters cannot be deleted. */
export const parametersModule: ServerModule = {
  name: 'parameters',
  title: 'Parametry towarów',
  routes: parametersRoutes,
  usageChecks: [
    {
      target: 'categories',
      check: async (tdb, id) =>
        (await parametersRepository.anyInCategory(tdb, id)) ? PARAM_MSG.categoryHasParameters : undefined,
    },
  ],
};
export { parametersRepository } from './parameters.repository';
