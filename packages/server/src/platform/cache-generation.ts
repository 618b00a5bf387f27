/**
 * One generation counter for this process's short-lived caches of who may do what: the checked
 * tokens (modules/auth/token-cache.ts) and the organisations' installed plugins
 * (modules/plugins/plugins.installed.ts). An entry kept under an older generation is not used.
 * `AppDeps.sessions.forgetCached()` bumps it here and, under `npm start`'s cluster, in every other
 * worker through the primary (the token cache's relay), and resolves once they all have.
 */
let generation = 0;

export function cacheGeneration(): number {
  return generation;
}

export function bumpCacheGeneration(): void {
  generation++;
}
