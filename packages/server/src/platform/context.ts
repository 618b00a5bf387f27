import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Engine } from '../db/database';
import type { DB } from '../db/schema';
import { TenantDb } from '../db/tenant';
import type { CaptchaGenerator } from './captcha';

/** What the server is built from; tests inject their own pieces (captcha, clock). */
export interface AppDeps {
  config: Config;
  db: Kysely<DB>;
  engine: Engine;
  captcha: CaptchaGenerator;
  /** Current time; tests may move it. */
  now: () => Date;
}

/** The signed-in user as the guard resolved it from the token. */
export interface AuthUser {
  id: number;
  orgId: number;
  login: string;
  permissions: string;
  tokenId: number;
  longSession: boolean;
  tokenValidTo: Date;
}

/** First argument of every service call. */
export interface RequestContext {
  deps: AppDeps;
  /** Raw database access: only for platform modules that work across organisations (auth, registration). */
  db: Kysely<DB>;
  ip: string;
  locale: string;
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
