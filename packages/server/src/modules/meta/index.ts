import type { ServerModule } from '../../platform/module';
import { metaRoutes } from './meta.routes';

/** Main info, languages, countries, permission names. */
export const metaModule: ServerModule = { name: 'meta', title: 'Informacje ogólne', routes: metaRoutes };
export { isCountryCode } from './countries';
export { APP_VERSION } from './version';
