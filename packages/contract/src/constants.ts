/** Business constants shared by the server and the web app (docs/rules/platform-rules.md §9, docs/rules/server-side-rules.md). */

export const API_BASE = '/api';
export const APP_NAME = 'Zaplecze';

/** Organisation prefix: 3 to 20 lower-case letters and digits. */
export const ORG_PREFIX_MIN = 3;
export const ORG_PREFIX_MAX = 20;
export const ORG_PREFIX_PATTERN = /^[a-z0-9]+$/;
/** The user part of a login (`{prefix}_{user}`): 1 to 40 of a-z 0-9 . - */
export const LOGIN_USER_MIN = 1;
export const LOGIN_USER_MAX = 40;
export const LOGIN_USER_PATTERN = /^[a-z0-9.-]+$/;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Token lifetimes (docs/rules/server-side-rules.md) and the client's renewal rules (docs/rules/platform-rules.md §4). */
export const TOKEN_SHORT_MS = 12 * 60 * 60 * 1000;
export const TOKEN_LONG_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * The absolute end of a session, counted from its sign-in (docs/decisions.md, Sessions): renewal
 * extends a token to its full length again, but never past this. A long session needs the password.
 */
export const TOKEN_SHORT_ABSOLUTE_MS = 24 * 60 * 60 * 1000;
export const TOKEN_LONG_ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;
export const TOKEN_RENEW_CHECK_MS = 10 * 60 * 1000;
export const TOKEN_RENEW_SHORT_BELOW_MS = 3 * 60 * 60 * 1000;
export const TOKEN_RENEW_LONG_BELOW_MS = 5 * 24 * 60 * 60 * 1000;
export const TOKEN_STORAGE_KEY = 'token_auth';

export const AUTH_HEADER = 'X-Auth-Bearer';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export const CAPTCHA_TTL_MS = 10 * 60 * 1000;
/** Captchas one address may ask for within CAPTCHA_TTL_MS (docs/decisions.md, Captcha). */
export const CAPTCHA_MAX_PER_ADDRESS = 30;
/**
 * Sign-in limits (docs/decisions.md, Sign-in rate limit), counted over the window below: failed
 * sign-ins of one login from one address before 429...
 */
export const LOGIN_MAX_FAILURES = 10;
/** ...failed sign-ins from one address, whatever the login (an office shares one), before 429... */
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 30;
/** ...and failed sign-ins of one login from all addresses before every sign-in of it needs the captcha. */
export const LOGIN_CAPTCHA_AFTER_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const DEFAULT_LANGUAGE = 'pl';

/** Toast timings in seconds (0 = stays until closed) and animation in milliseconds. */
export const TOAST = {
  errorSeconds: 0,
  warningSeconds: 0,
  successSeconds: 4,
  infoSeconds: 10,
  vatCurrencyWarningSeconds: 8,
  confirmSeconds: 3,
  emptyBulkWarningSeconds: 5,
  downloadErrorSeconds: 10,
  addErrorSeconds: 5,
  appearDelayMs: 200,
  fadeMs: 700,
} as const;

export const LEFT_MENU_WIDTH_PX = 250;
export const LEFT_MENU_PADDING_FROM_PX = 768;
export const PLUGIN_RELOAD_DELAY_MS = 300;
export const READER_BUFFER_CLEAR_MS = 400;

export const YEAR_MIN = 2000;
export const YEAR_MAX = 3000;

/** Default item status colour and the brightness threshold for black text on a badge. */
export const DEFAULT_STATUS_COLOR = 'ffffff';
export const COLOR_BRIGHTNESS_THRESHOLD = 186;
