import { z } from 'zod';
import {
  OutsideAuthError,
  OutsideClient,
  OutsideUnavailableError,
  readPluginSecret,
  readPluginSettings,
  writePluginSecret,
  type OutsideRequest,
  type OutsideResponse,
  type PluginJobContext,
  type TenantDb,
} from '@zaplecze/plugin-sdk';
import { manifest } from '../manifest';
import { allegroDb, STATE } from './tables';

/**
 * The Allegro REST API as the plugin uses it (docs/plugins.md, "Plugin: allegro"): the seller's
 * settings, the OAuth token endpoint (HTTP Basic client credentials, device flow, refresh), access
 * tokens refreshed before they expire with one refresh at a time per organisation, and every call
 * through the SDK's OutsideClient (the call log, 401/429/5xx mapping).
 */
export const ID = 'allegro';
export type Deps = PluginJobContext['deps'];
export interface Scope {
  tdb: TenantDb;
  deps: Deps;
}

const MEDIA = 'application/vnd.allegro.public.v1+json';
/** Refresh the access token when it has less than this left. */
const REFRESH_BEFORE_MS = 10 * 60_000;
/** How long one process may hold the refresh lock. */
const LOCK_MS = 30_000;

export type Settings = z.output<typeof manifest.settings.schema>;

export async function readSettings(s: Scope): Promise<Settings> {
  const r = await readPluginSettings(s.tdb, s.deps.config, ID, manifest.settings!);
  return manifest.settings!.schema.parse(r.values) as Settings;
}

export type StateRow = Awaited<ReturnType<typeof readState>>;

/** The organisation's connection and cursor row, created on first use. */
export async function readState(tdb: TenantDb) {
  const db = allegroDb(tdb);
  const row = await db.selectFrom(STATE).selectAll().executeTakeFirst();
  if (row) return row;
  await db
    .insertInto(STATE, { device_state: 'none', device_interval: 5, mapping: '{}' })
    .onConflict((oc) => oc.column('org_id').doNothing())
    .execute();
  return db.selectFrom(STATE).selectAll().executeTakeFirstOrThrow();
}

/** The service's own message: `errors[0].userMessage`, or OAuth's `error_description`. */
export function allegroUserMessage(_status: number, body: unknown): string | undefined {
  const b = body as { errors?: { userMessage?: string; message?: string }[]; error_description?: string } | undefined;
  return b?.errors?.[0]?.userMessage || b?.error_description || undefined;
}

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number().positive(),
});
const oauthError = z.object({ error: z.string() });

function basic(settings: Settings, secret: string): string {
  return `Basic ${Buffer.from(`${settings.clientId}:${secret}`, 'utf8').toString('base64')}`;
}

/** The client credentials; a missing one is a Polish 400-like refusal for the seller. */
export async function clientCredentials(s: Scope): Promise<{ settings: Settings; secret: string } | string> {
  const settings = await readSettings(s);
  const secret = await readPluginSecret(s.tdb, s.deps.config, ID, 'clientSecret');
  if (!settings.clientId) return 'Wpisz Client ID aplikacji Allegro w ustawieniach wtyczki.';
  if (!secret) return 'Wpisz Client Secret aplikacji Allegro w ustawieniach wtyczki.';
  return { settings, secret };
}

/** A call to allegro.pl/auth/oauth/... (the form body; 400 answers OAuth's error codes). */
export async function oauthCall(
  s: Scope,
  settings: Settings,
  secret: string,
  path: '/auth/oauth/device' | '/auth/oauth/token',
  form: Record<string, string>,
  what: string,
  jobId?: number,
): Promise<OutsideResponse> {
  const client = new OutsideClient({
    pluginId: ID,
    tdb: s.tdb,
    deps: s.deps,
    baseUrl: settings.authUrl,
    headers: () => ({ authorization: basic(settings, secret) }),
    userMessage: allegroUserMessage,
    ...(jobId !== undefined ? { jobId } : {}),
  });
  return client.request({
    method: 'POST',
    path,
    body: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    what,
    expect: [200, 400],
  });
}

/** Parses a token answer (200) or an OAuth error code (400). */
export function readTokenAnswer(res: OutsideResponse): z.infer<typeof tokenAnswer> | { error: string } | undefined {
  if (res.status === 200) {
    const t = tokenAnswer.safeParse(res.data);
    return t.success ? t.data : undefined;
  }
  const e = oauthError.safeParse(res.data);
  return e.success ? e.data : undefined;
}

/** Stores new tokens and their expiry (in the caller's transaction when given one). */
export async function storeTokens(s: Scope, t: z.infer<typeof tokenAnswer>): Promise<void> {
  const expires = new Date(s.deps.now().getTime() + t.expires_in * 1000).toISOString();
  await s.tdb.transaction(async (tdb) => {
    await writePluginSecret(tdb, s.deps.config, ID, 'accessToken', t.access_token);
    await writePluginSecret(tdb, s.deps.config, ID, 'refreshToken', t.refresh_token);
    await allegroDb(tdb).updateTable(STATE).set({ access_expires_at: expires }).execute();
  });
}

const NOT_CONNECTED = 'Konto Allegro nie jest połączone: połącz je na ekranie „Połączenie”.';

async function refresh(s: Scope, jobId?: number): Promise<void> {
  const creds = await clientCredentials(s);
  if (typeof creds === 'string') throw new OutsideAuthError(401, creds);
  const refreshToken = await readPluginSecret(s.tdb, s.deps.config, ID, 'refreshToken');
  if (!refreshToken) throw new OutsideAuthError(401, NOT_CONNECTED);
  const res = await oauthCall(
    s,
    creds.settings,
    creds.secret,
    '/auth/oauth/token',
    { grant_type: 'refresh_token', refresh_token: refreshToken },
    'Odświeżenie tokenu dostępu',
    jobId,
  );
  const t = readTokenAnswer(res);
  if (!t || 'error' in t)
    throw new OutsideAuthError(
      401,
      'Allegro nie odświeżyło dostępu (token odświeżania wygasł lub został cofnięty). Połącz konto ponownie.',
    );
  await storeTokens(s, t);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The organisation's access token, refreshed when it expires within 10 minutes (or when `stale`,
 * the token a call was just refused with, is still the stored one). One refresh at a time per
 * organisation across processes: the refresh takes a lock row (`refresh_lock_until`) with a
 * conditional update; the others wait and read the token it stored (Allegro rotates refresh tokens,
 * so two refreshes at once would spend one and fail the other).
 */
export async function accessToken(s: Scope, jobId?: number, stale?: string): Promise<string> {
  const db = allegroDb(s.tdb);
  for (let i = 0; i < 100; i++) {
    const st = await readState(s.tdb);
    const token = await readPluginSecret(s.tdb, s.deps.config, ID, 'accessToken');
    const now = s.deps.now().getTime();
    const fresh =
      token !== null &&
      token !== stale &&
      st.access_expires_at !== null &&
      Date.parse(st.access_expires_at) - now > REFRESH_BEFORE_MS;
    if (fresh) return token;
    if (token === null && (await readPluginSecret(s.tdb, s.deps.config, ID, 'refreshToken')) === null)
      throw new OutsideAuthError(401, NOT_CONNECTED);
    const nowIso = new Date(now).toISOString();
    const took = await db
      .updateTable(STATE)
      .set({ refresh_lock_until: new Date(now + LOCK_MS).toISOString() })
      .where((eb) => eb.or([eb('refresh_lock_until', 'is', null), eb('refresh_lock_until', '<', nowIso)]))
      .executeTakeFirst();
    if (Number(took.numUpdatedRows) === 1) {
      try {
        // Another process may have refreshed between our read and the lock.
        const again = await readPluginSecret(s.tdb, s.deps.config, ID, 'accessToken');
        const st2 = await readState(s.tdb);
        const done =
          again !== null &&
          again !== token &&
          st2.access_expires_at !== null &&
          Date.parse(st2.access_expires_at) - now > REFRESH_BEFORE_MS;
        if (!done) await refresh(s, jobId);
      } finally {
        await db.updateTable(STATE).set({ refresh_lock_until: null }).execute();
      }
      stale = undefined;
      continue;
    }
    await sleep(100);
    stale = undefined;
  }
  throw new OutsideUnavailableError(0, 'Odświeżenie dostępu do Allegro trwa zbyt długo; spróbujemy ponownie.');
}

export interface AllegroApi {
  request<T = unknown>(req: OutsideRequest): Promise<OutsideResponse<T>>;
}

/**
 * The seller's API: bearer token (refreshed as above), Allegro's media type, the service's own
 * messages. A 401 refreshes the token once and repeats the call; a second 401 is thrown
 * (`OutsideAuthError`: out of a job the host puts the connection into 'Połącz ponownie').
 */
export async function allegroApi(s: Scope, jobId?: number): Promise<AllegroApi> {
  const settings = await readSettings(s);
  let token = await accessToken(s, jobId);
  const client = new OutsideClient({
    pluginId: ID,
    tdb: s.tdb,
    deps: s.deps,
    baseUrl: settings.apiUrl,
    headers: () => ({ authorization: `Bearer ${token}`, accept: MEDIA, 'accept-language': 'pl-PL' }),
    userMessage: allegroUserMessage,
    ...(jobId !== undefined ? { jobId } : {}),
  });
  return {
    async request<T>(req: OutsideRequest) {
      const r: OutsideRequest =
        req.json !== undefined ? { ...req, headers: { 'content-type': MEDIA, ...req.headers } } : req;
      try {
        return await client.request<T>(r);
      } catch (err) {
        if (!(err instanceof OutsideAuthError) || err.status !== 401) throw err;
        token = await accessToken(s, jobId, token);
        return client.request<T>(r);
      }
    },
  };
}

/** Records the last failure the seller should see (home widget, connection screen). */
export async function recordError(tdb: TenantDb, message: string, at: Date): Promise<void> {
  await readState(tdb);
  await allegroDb(tdb)
    .updateTable(STATE)
    .set({ last_error: message.slice(0, 1000), last_error_at: at.toISOString() })
    .execute();
}
