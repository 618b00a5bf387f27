/**
 * The pure rules of the job engine (docs/decisions.md, Jobs): backoff with jitter, and what of an
 * error may be kept.
 */

/**
 * Delay before the next attempt after `attempts` failed ones: `first * 2^(attempts-1)` capped at
 * `max`, then "equal jitter" (a random point in the upper half), so many jobs that failed together
 * do not all come back in the same second. `random` is Math.random in production.
 */
export function backoffMs(
  attempts: number,
  policy: { firstSeconds: number; maxSeconds: number },
  random: () => number = Math.random,
): number {
  const base = Math.min(policy.firstSeconds * 2 ** Math.max(0, attempts - 1), policy.maxSeconds) * 1000;
  return Math.round(base / 2 + (base / 2) * random());
}

/** The longest error text kept on a job. */
export const ERROR_MAX = 1000;

/**
 * An error's message as it may be stored and shown: no credentials of a URL, no bearer tokens,
 * no values of parameters named like secrets, no stack, at most ERROR_MAX characters. `secrets`
 * are further strings the caller knows (a configured password), replaced wherever they appear.
 */
export function redactError(err: unknown, secrets: readonly string[] = []): string {
  let text = err instanceof Error ? err.message : typeof err === 'string' ? err : 'Nieznany błąd';
  for (const s of secrets) if (s.length >= 3) text = text.split(s).join('***');
  text = text
    .replace(/\/\/[^\s/@]*@/g, '//***@')
    .replace(/\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 ***')
    .replace(
      /\b(password|passwd|pass|secret|token|api[_-]?key|apikey|access[_-]?token|client[_-]?secret|authorization)(["']?\s*[:=]\s*["']?)[^\s"'&,;]+/gi,
      '$1$2***',
    );
  return text.slice(0, ERROR_MAX);
}
