import { z } from 'zod';
import { strictNumber } from './numbers';
import {
  LOGIN_USER_MAX,
  LOGIN_USER_PATTERN,
  ORG_PREFIX_MAX,
  ORG_PREFIX_MIN,
  ORG_PREFIX_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from './constants';
import { VALIDATION as V } from './messages';
import { isPermissionKeyShape } from './permissions';
import { isValidNip } from './nip';

/** Form posts send booleans as 'true'/'1'/'on'; JSON sends real booleans. */
export const formBoolean = z
  .union([z.boolean(), z.string(), z.number()])
  .transform((v) => v === true || v === 1 || v === 'true' || v === '1' || v === 'on');

/** A positive integer id, also from a query string. */
export const idSchema = strictNumber(
  z
    .number({ error: V.idInvalid })
    .int({ error: V.idInvalid })
    .positive({ error: V.idInvalid })
    .max(2_147_483_647, { error: V.idInvalid }),
);

const text = (max: number) => z.string().trim().max(max, { error: V.tooLong });
const requiredText = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: V.tooLong });

export const orgPrefixSchema = z
  .string({ error: V.prefixLength })
  .trim()
  .toLowerCase()
  .min(ORG_PREFIX_MIN, { error: V.prefixLength })
  .max(ORG_PREFIX_MAX, { error: V.prefixLength })
  .regex(ORG_PREFIX_PATTERN, { error: V.prefixChars });

export const loginUserSchema = z
  .string({ error: V.userRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: V.userRequired })
  .max(LOGIN_USER_MAX, { error: V.userLength })
  .regex(LOGIN_USER_PATTERN, { error: V.userChars });

/** Passwords keep spaces and any Unicode; only the length is checked (in code points). */
export const passwordSchema = z
  .string({ error: V.passwordLength })
  .refine((p) => [...p].length >= PASSWORD_MIN && [...p].length <= PASSWORD_MAX, {
    error: V.passwordLength,
  });

/** Longest e-mail address (RFC 5321: a 256-octet path less its angle brackets). */
export const EMAIL_MAX = 254;
const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const EMAIL_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;

/**
 * THE e-mail address rule of every e-mail field (docs/decisions.md, Bad input): a sensible subset
 * of RFC 5321. One '@'; the local part (at most 64) is dot-separated runs of the RFC's atext
 * (no quotes, spaces, commas, brackets or empty runs); the domain has at least two labels of
 * letters, digits and inner hyphens (Unicode letters allowed for Polish domains) and a
 * top-level label that is not all digits. At most 254 characters.
 */
export function isEmailAddress(s: string): boolean {
  if (s.length > EMAIL_MAX) return false;
  const at = s.indexOf('@');
  if (at < 1 || at !== s.lastIndexOf('@')) return false;
  const local = s.slice(0, at);
  const labels = s.slice(at + 1).split('.');
  return (
    local.length <= 64 &&
    EMAIL_LOCAL.test(local) &&
    labels.length >= 2 &&
    labels.every((l) => EMAIL_LABEL.test(l)) &&
    !/^\d+$/.test(labels[labels.length - 1] ?? '')
  );
}

export const emailSchema = z
  .string({ error: V.emailInvalid })
  .trim()
  .max(EMAIL_MAX, { error: V.tooLong })
  .refine(isEmailAddress, { error: V.emailInvalid });
/** An e-mail field that may be left empty. */
export const optionalEmailSchema = z.union([z.literal(''), emailSchema]);
export const telSchema = z
  .string({ error: V.telRequired })
  .trim()
  .max(30, { error: V.tooLong })
  .regex(/^[0-9 +()-]*$/, { error: V.telInvalid });

// ---- main info and reference data -------------------------------------------------------------

export const mainInfoSchema = z.object({
  isTest: z.boolean(),
  loginInfo: z.string(),
  version: z.string(),
  /** Where the desktop app is downloaded from; empty hides the menu entry. */
  desktopAppUrl: z.string().default(''),
});
export type MainInfo = z.infer<typeof mainInfoSchema>;

export const languageSchema = z.object({ code: z.string(), name: z.string() });
export const languagesResponseSchema = z.object({ languages: z.array(languageSchema) });
export type Language = z.infer<typeof languageSchema>;

export const countrySchema = z.object({ code: z.string().length(2), name: z.string() });
export const countriesResponseSchema = z.object({ countries: z.array(countrySchema) });
export type Country = z.infer<typeof countrySchema>;

export const permissionSectionSchema = z.object({ key: z.string(), name: z.string(), desc: z.string() });
export const permissionInfoSchema = z.object({
  /** A core key (PERMISSIONS) or an installed plugin's (`plugin.<id>.<name>`). */
  key: z.string(),
  name: z.string(),
  desc: z.string(),
  section: z.string(),
});
export const permissionsInfoResponseSchema = z.object({
  sections: z.array(permissionSectionSchema),
  permissions: z.array(permissionInfoSchema),
});
export type PermissionSection = z.infer<typeof permissionSectionSchema>;
export type PermissionInfo = z.infer<typeof permissionInfoSchema>;
export type PermissionsInfo = z.infer<typeof permissionsInfoResponseSchema>;

// ---- users and tokens ---------------------------------------------------------------------------

export const organizationSchema = z.object({
  id: z.number(),
  registrationDate: z.string(),
  name: z.string(),
  taxId: z.string(),
  address: z.string(),
  postCodeCity: z.string(),
  countryCode: z.string(),
  prefix: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const userSchema = z.object({
  id: z.number(),
  login: z.string(),
  name: z.string(),
  email: z.string(),
  tel: z.string(),
  /** Semicolon-separated permission keys. */
  permissions: z.string(),
  organization: organizationSchema,
});
export type User = z.infer<typeof userSchema>;

export const usersResponseSchema = z.object({ users: z.array(userSchema) });

export const tokenObjectSchema = z.object({
  token: z.string(),
  user: userSchema,
  /** ISO 8601 instant. */
  validTo: z.string(),
  longSession: z.boolean(),
});
export type TokenObject = z.infer<typeof tokenObjectSchema>;

export const loginRequestSchema = z.object({
  login: z
    .string({ error: V.loginRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: V.loginRequired })
    .max(100, { error: V.tooLong }),
  pass: z.string({ error: V.passRequired }).min(1, { error: V.passRequired }).max(1024, { error: V.tooLong }),
  longtoken: formBoolean.optional().default(false),
  /**
   * The captcha answer and its challenge, only when the server asked for it (428, field `captcha`):
   * a login under attack from many addresses (docs/decisions.md, Sign-in rate limit).
   */
  captcha: z.string().trim().max(20, { error: V.tooLong }).optional(),
  captchaUUID: z.string().trim().max(64, { error: V.tooLong }).optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const renewRequestSchema = z.object({ longtoken: formBoolean.optional() });

const permissionsField = z
  .string()
  .max(2000, { error: V.tooLong })
  .refine(
    (s) =>
      s
        .split(';')
        .map((p) => p.trim())
        .filter(Boolean)
        // Core keys, or a plugin key's shape: the server checks that such a plugin key exists.
        .every((p) => isPermissionKeyShape(p)),
    { error: V.permissionUnknown },
  );

/** Create a user: `login` is the user part; the server adds the organisation prefix. */
export const userCreateSchema = z.object({
  login: loginUserSchema,
  name: text(200).default(''),
  email: optionalEmailSchema.default(''),
  tel: telSchema.default(''),
  pass: passwordSchema,
  permissions: permissionsField.default(''),
});
export type UserCreate = z.input<typeof userCreateSchema>;

/** Update a user: fields left out stay as they are; a new login is sent only if entered. */
export const userUpdateSchema = z.object({
  id: idSchema,
  login: loginUserSchema.optional(),
  name: text(200).optional(),
  email: optionalEmailSchema.optional(),
  tel: telSchema.optional(),
  pass: passwordSchema.optional(),
  oldPass: z.string().max(1024, { error: V.tooLong }).optional(),
  permissions: permissionsField.optional(),
});
export type UserUpdate = z.input<typeof userUpdateSchema>;

/** The signed-in user's own profile. */
export const profileUpdateSchema = z.object({
  name: text(200),
  email: optionalEmailSchema,
  tel: telSchema,
  pass: passwordSchema.optional(),
  oldPass: z.string().max(1024, { error: V.tooLong }).optional(),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const idQuerySchema = z.object({ id: idSchema });

// ---- registration -------------------------------------------------------------------------------

export const registerTextSchema = z.object({ registerText: z.string(), enabled: z.boolean() });
export type RegisterText = z.infer<typeof registerTextSchema>;

export const captchaSchema = z.object({ image: z.string(), uuid: z.string() });
export type Captcha = z.infer<typeof captchaSchema>;

export const registerRequestSchema = z
  .object({
    companyName: requiredText(200, V.companyNameRequired),
    taxId: text(30).default(''),
    address: requiredText(200, V.addressRequired),
    postcodeCity: requiredText(200, V.postcodeCityRequired),
    country: z.string({ error: V.countryRequired }).trim().toUpperCase().length(2, { error: V.countryRequired }),
    orgPrefix: orgPrefixSchema,
    adminUser: loginUserSchema,
    adminPass: passwordSchema,
    adminPassRepeat: z.string({ error: V.passwordsDiffer }),
    adminEmail: emailSchema,
    adminTel: telSchema.min(1, { error: V.telRequired }),
    captcha: requiredText(20, V.captchaRequired),
    // default(false) first, so that a missing field gets the same message as an unticked box
    acceptedRegulations: formBoolean.default(false).refine((v) => v, { error: V.regulationsRequired }),
    captchaUUID: requiredText(64, V.captchaRequired),
  })
  .refine((r) => r.adminPass === r.adminPassRepeat, { error: V.passwordsDiffer, path: ['adminPassRepeat'] })
  // A Polish company's NIP has a check digit (docs/decisions.md, "NIP check digit").
  .refine((r) => r.country !== 'PL' || r.taxId === '' || isValidNip(r.taxId), { error: V.nipInvalid, path: ['taxId'] });
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const registerResponseSchema = z.object({ login: z.string() });

/**
 * An organisation's own data (the seller on its invoices) as the admin CLI's org:update changes
 * it: only the fields given. A Polish NIP's check digit is verified against the resulting country
 * by the server (registration's rule, docs/decisions.md, "NIP check digit").
 */
export const organizationUpdateSchema = z.object({
  name: requiredText(200, V.companyNameRequired).optional(),
  taxId: text(30).optional(),
  address: requiredText(200, V.addressRequired).optional(),
  postcodeCity: requiredText(200, V.postcodeCityRequired).optional(),
  country: z
    .string({ error: V.countryRequired })
    .trim()
    .toUpperCase()
    .length(2, { error: V.countryRequired })
    .optional(),
});
export type OrganizationUpdate = z.output<typeof organizationUpdateSchema>;

// ---- errors -------------------------------------------------------------------------------------

/** Every failure answers this body with a Polish message. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.number(),
  /** The field the message is about, when a single input was wrong. */
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
