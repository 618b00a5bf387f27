import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Engine } from '../db/database';
import type { DB } from '../db/schema';
import { TenantDb } from '../db/tenant';
import type { FastifyRequest } from 'fastify';
import type { CaptchaGenerator } from './captcha';
import { withSerializedError } from './error-log';
import type { EventBus } from './events';
import type { UsageRegistry } from './usage';

/** The sessions, as account changes need them (given by the auth module: modules/auth/sessions.ts). */
export interface Sessions {
  /** Every worker forgets the tokens its guard keeps (after a permission, login or user change). */
  forgetCached(): Promise<void>;
  /** Ends the user's sessions but `keepTokenId` (after a password change). */
  endOtherSessions(db: Kysely<DB>, userId: number, keepTokenId: number | null): Promise<void>;
}

/** What the server is built from; tests inject their own pieces (captcha, clock). */
export interface AppDeps {
  config: Config;
  db: Kysely<DB>;
  engine: Engine;
  captcha: CaptchaGenerator;
  /** Current time; tests may move it. */
  now: () => Date;
  /** Domain events, dispatched after commit (platform/events.ts). */
  events: EventBus;
  /** "Still in use" checks that modules contribute for each other's rows (platform/usage.ts). */
  usage: UsageRegistry;
  /** Resolves the signed-in user of a request or throws 401 (given by the auth module). */
  authenticate: Authenticator;
  /** Token withdrawal for account changes (given by the auth module). */
  sessions: Sessions;
}

/** Where a route accepts the token: the header only, or also the token cookie (for <img> URLs). */
export type TokenSource = 'header' | 'header-or-cookie';
export type Authenticator = (ctx: RequestContext, req: FastifyRequest, source: TokenSource) => Promise<AuthUser>;

/** The signed-in user as the guard resolved it from the token. */
export interface AuthUser {
  id: number;
  orgId: number;
  login: string;
  /** What this call may do: the user's permissions, or for an API token its own less any the user lost. */
  permissions: string;
  /** The session token's row; 0 for an API token (session-only routes never see one). */
  tokenId: number;
  longSession: boolean;
  /** When the session token, or the API token, ends. */
  tokenValidTo: Date;
  /**
   * How the caller signed in: the browser's session token (X-Auth-Bearer or the token cookie) or an
   * API token (`Authorization: Bearer zpl_...`; docs/decisions.md, API tokens).
   */
  via: 'session' | 'api-token';
  /** The API token's row, when `via` is 'api-token'. */
  apiTokenId: number | null;
}

/** What services log through: the request's pino logger, or the console for the CLI. */
export interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A Log for commands run outside the server (the CLI): warnings and errors to stderr. */
export const consoleLog: Log = {
  info: () => undefined,
  warn: (obj, msg) => console.warn(msg, withSerializedError(obj)),
  error: (obj, msg) => console.error(msg, withSerializedError(obj)),
};

/** First argument of every service call. */
export interface RequestContext {
  deps: AppDeps;
  /** Raw database access: only for platform modules that work across organisations (auth, registration). */
  db: Kysely<DB>;
  ip: string;
  locale: string;
  /** The request's logger (never give it tokens or personal data). */
  log: Log;
}

export interface AuthContext extends RequestContext {
  user: AuthUser;
  orgId: number;
  /** Tenant-scoped access: every business query goes through this. */
  tdb: TenantDb;
}

export function authContext(base: RequestContext, user: AuthUser): AuthContext {
  return { ...base, user, orgId: user.orgId, tdb: new TenantDb(base.db, user.orgId) };
}
