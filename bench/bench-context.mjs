// The in-process benches' caller (items-search, orders-search, moto-search): the services run with
// a real AuthContext of the demo's administrator, as a request would give them.
import { authContext, consoleLog } from '../packages/server/src/platform/context.ts';

/** The AuthContext of user `login` (an hour-long session) over the benchmark's `deps`. */
export async function benchAuthContext(deps, login) {
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'org_id', 'login', 'permissions'])
    .where('login', '=', login)
    .executeTakeFirstOrThrow();
  return authContext(
    { deps, db: deps.db, ip: '127.0.0.1', locale: 'pl', log: consoleLog },
    {
      id: user.id,
      orgId: user.org_id,
      login: user.login,
      permissions: user.permissions,
      tokenId: 0,
      longSession: false,
      tokenValidTo: new Date(Date.now() + 3_600_000),
    },
  );
}
