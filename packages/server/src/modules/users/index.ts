import type { ServerModule } from '../../platform/module';
import { usersRoutes } from './users.routes';

/** Users of an organisation and the own profile. */
export const usersModule: ServerModule = { name: 'users', title: 'Użytkownicy', routes: usersRoutes };
export { usersRepository } from './users.repository';
