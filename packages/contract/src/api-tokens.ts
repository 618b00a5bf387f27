import { z } from 'zod';
import { ADMIN_PERMISSION, hasPermissionExact, isPermissionKeyShape, parsePermissions } from './permissions';
import { idSchema } from './schemas';

/**
 * API tokens for automation (docs/decisions.md, API tokens; docs/operations.md, API tokens): a
 * user's named tokens with a chosen subset of their own permissions and an expiry, sent as
 * `Authorization: Bearer zpl_...`. The prefix keeps them apart from the browser's session tokens:
 * the session header and the token cookie refuse an API token, and `Authorization` refuses a
 * session token.
 */
export const API_TOKEN_PREFIX = 'zpl_';
/** The header API tokens travel in, as `Bearer <token>`. */
export const API_TOKEN_HEADER = 'Authorization';
/** An API token's longest life: one year from its creation. */
export const API_TOKEN_MAX_DAYS = 365;
/** The expiries the profile screen offers, in days (any whole number from 1 to the maximum is accepted). */
export const API_TOKEN_EXPIRY_CHOICES = [7, 30, 90, 180, 365] as const;
export const API_TOKEN_DEFAULT_DAYS = 90;
export const API_TOKEN_NAME_MAX = 100;
/** Tokens a user may hold that are neither revoked nor expired. */
export const API_TOKEN_MAX_ACTIVE = 20;
/**
 * Permissions a token never carries: user management is session-only (the user routes refuse API
 * tokens), so such a key in a token would promise what it cannot do.
 */
export const API_TOKEN_UNGRANTABLE: readonly string[] = ['main.users.edit'];

export const API_TOKEN_MSG = {
  nameRequired: 'Podaj nazwę tokenu.',
  nameTooLong: `Nazwa tokenu może mieć najwyżej ${API_TOKEN_NAME_MAX} znaków.`,
  expiryInvalid: `Ważność tokenu podaj w dniach, od 1 do ${API_TOKEN_MAX_DAYS}.`,
  permissionsRequired: 'Wybierz co najmniej jedno uprawnienie tokenu.',
  permissionsInvalid: 'Nieznane uprawnienie.',
} as const;

export const apiTokenCreateSchema = z.object({
  name: z
    .string({ error: API_TOKEN_MSG.nameRequired })
    .trim()
    .min(1, { error: API_TOKEN_MSG.nameRequired })
    .max(API_TOKEN_NAME_MAX, { error: API_TOKEN_MSG.nameTooLong }),
  permissions: z
    .array(
      z
        .string({ error: API_TOKEN_MSG.permissionsInvalid })
        .trim()
        .refine(isPermissionKeyShape, { error: API_TOKEN_MSG.permissionsInvalid }),
      { error: API_TOKEN_MSG.permissionsRequired },
    )
    .min(1, { error: API_TOKEN_MSG.permissionsRequired })
    .max(100, { error: API_TOKEN_MSG.permissionsInvalid }),
  expiresInDays: z
    .number({ error: API_TOKEN_MSG.expiryInvalid })
    .int({ error: API_TOKEN_MSG.expiryInvalid })
    .min(1, { error: API_TOKEN_MSG.expiryInvalid })
    .max(API_TOKEN_MAX_DAYS, { error: API_TOKEN_MSG.expiryInvalid }),
});
export type ApiTokenCreate = z.input<typeof apiTokenCreateSchema>;

export const API_TOKEN_STATES = ['active', 'expired', 'revoked'] as const;
export type ApiTokenState = (typeof API_TOKEN_STATES)[number];

/** One token as listed: never the token itself (only its hash is stored). */
export const apiTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  userId: z.number(),
  userLogin: z.string(),
  /** The permissions chosen at creation; what a call may do is these less any the user has lost since. */
  permissions: z.array(z.string()),
  /** ISO 8601 instants. */
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  /** Updated at most once a minute per token. */
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  state: z.enum(API_TOKEN_STATES),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** GET /profile/api_tokens: the caller's tokens, newest first, and the permissions a new one may carry. */
export const ownApiTokensSchema = z.object({ tokens: z.array(apiTokenSchema), grantable: z.array(z.string()) });
export type OwnApiTokens = z.infer<typeof ownApiTokensSchema>;

/** GET /api_tokens: the organisation's tokens (user managers), optionally of one user. */
export const orgApiTokensQuerySchema = z.object({ userId: idSchema.optional() });
export const orgApiTokensSchema = z.object({ tokens: z.array(apiTokenSchema) });

/** POST /profile/api_tokens: the token in clear, answered this once, and its row. */
export const apiTokenCreatedSchema = z.object({ token: z.string(), apiToken: apiTokenSchema });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

/**
 * The permission keys a user holding `userPermissions` may put into a token, out of `known` (the
 * core's and the installed plugins' keys): each one the user holds (an administrator holds every
 * one), less API_TOKEN_UNGRANTABLE. Server and screen use the same rule.
 */
export function grantableApiTokenPermissions(userPermissions: string, known: readonly string[]): string[] {
  const own = parsePermissions(userPermissions);
  const candidates = own.includes(ADMIN_PERMISSION) ? [...new Set([...known, ...own])] : own;
  return candidates.filter((k) => !API_TOKEN_UNGRANTABLE.includes(k) && hasPermissionExact(userPermissions, k));
}
