import type { ServerModule } from '../../platform/module';
import { authRoutes } from './auth.routes';

/** Sign-in, tokens, renewal, logout; the guard every protected route uses. */
export const authModule: ServerModule = { name: 'auth', routes: authRoutes };
export { authenticate } from './auth.guard';
export { authRepository } from './auth.repository';
export { purgeExpired } from './auth.service';
export { forgetTokens, relayTokenForgets } from './token-cache';
export { hashPassword, verifyPassword } from '../../platform/password';
export { sessions } from './sessions';
