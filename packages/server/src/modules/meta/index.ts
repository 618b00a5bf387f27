import type { ServerModule } from '../../platform/module';
import { metaRoutes } from './meta.routes';

/** Main info, languages, countries, permission names. */
export const metaModule: ServerModule = { name: 'meta', routes: metaRoutes };
export { isCountryCode } from './countries';
