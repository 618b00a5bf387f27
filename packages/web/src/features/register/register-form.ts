import { buildLogin, registerRequestSchema } from '@zaplecze/contract';
import type { z } from 'zod';
import { ApiError } from '@web/platform/api';

/**
 * The form is the registration payload itself (docs/rules/platform-rules.md §3): the contract's schema drives the
 * form, so no rule is declared twice. `captchaUUID` has no input; it follows the shown image.
 */
export const registerFormSchema = registerRequestSchema;
export type RegisterFormValues = z.input<typeof registerFormSchema>;
export type RegisterPayload = z.output<typeof registerFormSchema>;
export type RegisterField = keyof RegisterFormValues;

export const emptyRegisterForm: RegisterFormValues = {
  companyName: '',
  taxId: '',
  address: '',
  postcodeCity: '',
  country: '',
  orgPrefix: '',
  adminUser: '',
  adminPass: '',
  adminPassRepeat: '',
  adminEmail: '',
  adminTel: '',
  captcha: '',
  acceptedRegulations: false,
  captchaUUID: '',
};

const FIELDS = new Set<string>(Object.keys(emptyRegisterForm));

/** The form body of `POST /register` (docs/rules/platform-rules.md §7 "POST (form)"): every value as text. */
export function toRegisterForm(payload: RegisterPayload): Record<string, string> {
  const body: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) body[key] = String(value);
  return body;
}

/**
 * Which input a failed registration is about: the server's `field` when it names one of ours,
 * the captcha for its id, and the prefix for a conflict (the only unique value on the form).
 */
export function errorField(err: unknown): RegisterField | undefined {
  if (!(err instanceof ApiError)) return undefined;
  if (err.field === 'captchaUUID') return 'captcha';
  if (err.field && FIELDS.has(err.field)) return err.field as RegisterField;
  if (err.code === 409) return 'orgPrefix';
  return undefined;
}

export interface LoginPreview {
  /** Normalised parts as the server will store them; null while not typed yet. */
  prefix: string | null;
  user: string | null;
  /** The whole login once both parts are there. */
  login: string | null;
}

/** The live preview of `{prefix}_{adminUser}`, normalised the way the server stores it. */
export function loginPreview(prefix: string | undefined, user: string | undefined): LoginPreview {
  const p = (prefix ?? '').trim().toLowerCase() || null;
  const u = (user ?? '').trim().toLowerCase() || null;
  return { prefix: p, user: u, login: p && u ? buildLogin(p, u) : null };
}
