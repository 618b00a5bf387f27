import {
  AuthStatus,
  TOKEN_RENEW_CHECK_MS,
  TOKEN_RENEW_LONG_BELOW_MS,
  TOKEN_RENEW_SHORT_BELOW_MS,
  shouldRenewToken,
  tokenObjectSchema,
  type TokenObject,
  type User,
} from '@zaplecze/contract';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError, api, errorMessage, setApiToken, setUnauthorizedHandler } from '@web/platform/api';
import { clearStoredToken, readStoredToken, storeToken } from '@web/platform/auth/token-storage';

export interface AuthState {
  status: AuthStatus;
  user: User | undefined;
  /** Why the last sign-in failed, shown under the form. */
  error: string | undefined;
  validTo: Date | undefined;
  longSession: boolean;
  /**
   * The server asked for the captcha (428, field `captcha`): the login is under attack from many
   * addresses, so every sign-in of it needs a solved captcha until the attack ages out
   * (docs/decisions.md, Sign-in rate limit). Stays set until a sign-in succeeds.
   */
  captchaRequired: boolean;
}

/** The captcha answer of a sign-in and the challenge it answers. */
export interface CaptchaAnswer {
  captcha: string;
  captchaUUID: string;
}

export interface AuthApi extends AuthState {
  login(login: string, pass: string, remember: boolean, captcha?: CaptchaAnswer): Promise<boolean>;
  logout(): Promise<void>;
  /** Replaces the signed-in user's data after a profile save. */
  setUser(user: User): void;
}

const AuthContext = createContext<AuthApi | undefined>(undefined);

const initial: AuthState = {
  status: AuthStatus.checking,
  user: undefined,
  error: undefined,
  validTo: undefined,
  longSession: false,
  captchaRequired: false,
};

/**
 * The auth state machine of docs/rules/platform-rules.md §4: unauthorized (0), checking (10), failed (20),
 * authorized (30). A stored token is checked on start; a timer renews it every 10 minutes when it
 * has under 3 hours (short) or 5 days (long) left; logout always ends unauthorized.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(() =>
    readStoredToken() ? initial : { ...initial, status: AuthStatus.unauthorized },
  );
  const queryClient = useQueryClient();
  const stateRef = useRef(state);
  stateRef.current = state;

  const accept = useCallback((t: TokenObject) => {
    const validTo = new Date(t.validTo);
    storeToken(t.token, t.longSession, validTo);
    setApiToken(t.token);
    setState({
      status: AuthStatus.authorized,
      user: t.user,
      error: undefined,
      validTo,
      longSession: t.longSession,
      captchaRequired: false,
    });
  }, []);

  const dropSession = useCallback(() => {
    clearStoredToken();
    setApiToken(undefined);
    queryClient.clear();
    setState({ ...initial, status: AuthStatus.unauthorized });
  }, [queryClient]);

  // Token check on start.
  useEffect(() => {
    const stored = readStoredToken();
    if (!stored) return;
    setApiToken(stored.token);
    let cancelled = false;
    api
      .get('/login', { schema: tokenObjectSchema })
      .then((t) => !cancelled && accept({ ...t, token: stored.token }))
      .catch((err: unknown) => {
        if (cancelled) return;
        // Only the server's "this token is not valid" ends the session. A check that got no answer
        // (the page reloading mid-request, no connection, a server error) keeps the stored token,
        // so F5 at the wrong moment or a network blip never signs the user out.
        if (err instanceof ApiError && (err.code === 401 || err.code === 403)) dropSession();
        else setState({ ...initial, status: AuthStatus.unauthorized });
      });
    return () => {
      cancelled = true;
    };
  }, [accept, dropSession]);

  // Any 401 while signed in ends the session.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (stateRef.current.status === AuthStatus.authorized) dropSession();
    });
    return () => setUnauthorizedHandler(undefined);
  }, [dropSession]);

  // Renewal timer.
  useEffect(() => {
    if (state.status !== AuthStatus.authorized) return;
    const timer = window.setInterval(() => {
      const s = stateRef.current;
      if (
        !s.validTo ||
        !shouldRenewToken(s.validTo, new Date(), s.longSession, TOKEN_RENEW_SHORT_BELOW_MS, TOKEN_RENEW_LONG_BELOW_MS)
      )
        return;
      api
        .put('/login', { json: { longtoken: s.longSession }, schema: tokenObjectSchema })
        .then(accept)
        .catch((err: unknown) => console.warn('token renewal failed', errorMessage(err)));
    }, TOKEN_RENEW_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [state.status, accept]);

  const login = useCallback(
    async (loginName: string, pass: string, remember: boolean, captcha?: CaptchaAnswer) => {
      setState((s) => ({ ...s, status: AuthStatus.checking, error: undefined }));
      try {
        const t = await api.post('/login', {
          form: { login: loginName, pass, longtoken: String(remember), ...captcha },
          schema: tokenObjectSchema,
        });
        accept(t);
        return true;
      } catch (err) {
        clearStoredToken();
        setApiToken(undefined);
        const askedForCaptcha = err instanceof ApiError && err.code === 428;
        setState((s) => ({
          ...initial,
          status: AuthStatus.failed,
          error: errorMessage(err),
          captchaRequired: askedForCaptcha || s.captchaRequired,
        }));
        return false;
      }
    },
    [accept],
  );

  const logout = useCallback(async () => {
    try {
      await api.delete('/login');
    } catch {
      // logout ends unauthorized even if the call fails
    } finally {
      dropSession();
    }
  }, [dropSession]);

  const setUser = useCallback((user: User) => setState((s) => ({ ...s, user })), []);

  const value = useMemo<AuthApi>(() => ({ ...state, login, logout, setUser }), [state, login, logout, setUser]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthApi {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}

/**
 * The signed-in user's permission string for what a screen shows; undefined outside an
 * AuthProvider (a component rendered on its own), where nothing is hidden: the server decides.
 */
export function useScreenPermissions(): string | undefined {
  const ctx = useContext(AuthContext);
  return ctx ? (ctx.user?.permissions ?? '') : undefined;
}
