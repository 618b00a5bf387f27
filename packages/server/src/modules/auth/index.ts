import { consoleLog } from '../../platform/context';
import { JOB_DEFAULTS } from '../../platform/jobs';
import type { ServerModule } from '../../platform/module';
import { apiTokensRoutes } from './api-tokens.routes';
import { authRoutes } from './auth.routes';
import { purgeExpired } from './auth.service';

/**
 * Sign-in, tokens, renewal, logout, API tokens; the guard every protected route uses. Expired
 * tokens are purged on a core schedule.
 */
export const authModule: ServerModule = {
  name: 'auth',
  title: 'Logowanie i sesje',
  routes: [...authRoutes, ...apiTokensRoutes],
  coreSchedules: (deps) => [
    {
      key: 'core.auth-purge',
      everyMinutes: JOB_DEFAULTS.maintenanceEveryMinutes,
      run: () => purgeExpired({ deps, db: deps.db, ip: '127.0.0.1', locale: 'pl', log: consoleLog }),
    },
  ],
};
export { authenticate } from './auth.guard';
export { authRepository } from './auth.repository';
export { purgeExpired } from './auth.service';
export { forgetTokens, relayTokenForgets, TOKEN_CACHE_MS } from './token-cache';
export { hashPassword, verifyPassword } from '../../platform/password';
export { sessions } from './sessions';
