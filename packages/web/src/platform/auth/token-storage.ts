import { TOKEN_STORAGE_KEY } from '@zaplecze/contract';

/**
 * Where the token lives (docs/rules/platform-rules.md §9): a SameSite=Strict cookie for short sessions, local
 * storage for long ("save login") sessions; the key is token_auth in both.
 */
export interface StoredToken {
  token: string;
  longSession: boolean;
}

export function readStoredToken(): StoredToken | undefined {
  try {
    const fromStorage = localStorage.getItem(TOKEN_STORAGE_KEY);
    if (fromStorage) return { token: fromStorage, longSession: true };
  } catch {
    // storage disabled: fall back to the cookie
  }
  const prefix = `${TOKEN_STORAGE_KEY}=`;
  const part = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return part ? { token: decodeURIComponent(part.slice(prefix.length)), longSession: false } : undefined;
}

export function storeToken(token: string, longSession: boolean, validTo: Date): void {
  clearStoredToken();
  if (longSession) {
    try {
      localStorage.setItem(TOKEN_STORAGE_KEY, token);
    } catch {
      // storage disabled: the cookie below carries the session alone
    }
  }
  // The cookie is written for long sessions too: <img> requests of photos (GET /api/image) carry
  // no header, only cookies (docs/decisions.md, Token storage).
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${TOKEN_STORAGE_KEY}=${encodeURIComponent(token)}; Expires=${validTo.toUTCString()}; Path=/; SameSite=Strict${secure}`;
}

export function clearStoredToken(): void {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // nothing stored
  }
  document.cookie = `${TOKEN_STORAGE_KEY}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Strict`;
}
