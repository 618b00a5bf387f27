import type { ServerModule } from '../../platform/module';
import { optionsRoutes } from './options.routes';

/** GET/PUT /options: the allowlisted option keys. */
export const optionsModule: ServerModule = { name: 'options', title: 'Ustawienia', routes: optionsRoutes };
export { optionsRepository } from './options.repository';
export { optionKeysPointingAt, readOptions } from './options.service';
