/**
 * One generation counter for this process's short-lived caches of who may do what: the checked
 * tokens (modules/auth/token-cache.ts) and the organisations' installed plugins
 * (modules/plugins/plugins.installed.ts). An entry kept under an older generation is not used.
 * `AppDeps.sessions.forgetCached()` bumps it here and, under `npm start`'s cluster, in every other
 * worker through the primary (the token cache's relay), and on PostgreSQL in every process of
 * every node through the database (cache-bus.ts), and resolves once they all have.
 */
let generation = 0;
/** While set, nothing is kept: every read of the generation is a new one (cache-bus.ts). */
let suspended = false;

export function cacheGeneration(): number {
  // Suspended, every entry is stale at once and none read now is kept (its read generation
  // differs from the next one).
  if (suspended) generation++;
  return generation;
}

export function bumpCacheGeneration(): void {
  generation++;
}

/** Turns the caches off: a process that may miss a forget (its cache bus is down) keeps nothing. */
export function suspendCaches(): void {
  suspended = true;
  generation++;
}

export function resumeCaches(): void {
  suspended = false;
}
