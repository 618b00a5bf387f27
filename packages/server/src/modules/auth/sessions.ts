import type { Sessions } from '../../platform/context';
import { authRepository } from './auth.repository';
import { forgetTokens } from './token-cache';

/**
 * What modules that change accounts (users, profile) ask of the sessions, through AppDeps, so they
 * need not import auth (auth reads users for its sign-in answer): the guard's kept tokens forget
 * what they knew, and a changed password ends the user's other sessions.
 */
export const sessions: Sessions = {
  forgetCached: () => forgetTokens(),
  endOtherSessions: (db, userId, keepTokenId) => authRepository.deleteOtherTokens(db, userId, keepTokenId),
};
