import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX } from '@zaplecze/contract';

/**
 * A new session token: 256 random bits, URL-safe. Only its hash is stored. Never one that starts
 * like an API token (one in 16.7 million would), which the session header refuses.
 */
export function newToken(): string {
  for (;;) {
    const token = randomBytes(32).toString('base64url');
    if (!token.startsWith(API_TOKEN_PREFIX)) return token;
  }
}

/** A new API token: `zpl_` and 256 random bits, URL-safe (docs/decisions.md, API tokens). */
export function newApiToken(): string {
  return API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
