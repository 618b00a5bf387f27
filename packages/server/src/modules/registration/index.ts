import type { ServerModule } from '../../platform/module';
import { registrationRoutes } from './registration.routes';

/** Self-registration of an organisation with its administrator, and the captcha. */
export const registrationModule: ServerModule = {
  name: 'registration',
  title: 'Rejestracja',
  routes: registrationRoutes,
};
export { createOrganization, type NewOrganization } from './registration.service';
