import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretKeyRing } from './key-ring';

/**
 * AES-256-GCM of one secret value (docs/decisions.md "Plugin settings and secrets"): a random
 * 96-bit IV per value, a 128-bit tag, and additional authenticated data binding the value to its
 * organisation, plugin and field, so a ciphertext copied into another organisation's, plugin's or
 * field's row fails to decrypt. Stored as base64 text (the same columns on both engines).
 */

/** Where a value belongs: part of what is authenticated. */
export interface SecretPlace {
  orgId: number;
  pluginId: string;
  field: string;
}

/** One encrypted value as stored. */
export interface SealedSecret {
  keyId: string;
  /** base64 of 12 bytes. */
  iv: string;
  /** base64. */
  ciphertext: string;
  /** base64 of 16 bytes. */
  tag: string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Why a stored value could not be decrypted. */
export type UnreadableReason = 'key-missing' | 'corrupt';

/** A stored value the ring cannot decrypt: its key is gone, or the data or its place do not match. */
export class SecretDecryptError extends Error {
  constructor(
    readonly reason: UnreadableReason,
    readonly keyId: string,
  ) {
    super(
      reason === 'key-missing'
        ? `secret encrypted with key "${keyId}", which is not in the key ring`
        : `secret under key "${keyId}" failed authentication (altered, or moved to another organisation, plugin or field)`,
    );
    this.name = 'SecretDecryptError';
  }
}

/**
 * The authenticated data: a version, the organisation, the plugin and the field. Plugin ids and
 * field names hold no ':' (their patterns), so the text is unambiguous.
 */
function aad(place: SecretPlace): Buffer {
  return Buffer.from(`zaplecze-secret:v1:${place.orgId}:${place.pluginId}:${place.field}`, 'utf8');
}

/** Encrypts `plaintext` for `place` with the ring's current key. */
export function sealSecret(ring: SecretKeyRing, place: SecretPlace, plaintext: string): SealedSecret {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', ring.current.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(place));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return {
    keyId: ring.current.id,
    iv: iv.toString('base64'),
    ciphertext: ciphertext.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
  };
}

/**
 * Decrypts a stored value for `place`. Throws SecretDecryptError when its key is not in the ring
 * (or there is no ring) or when authentication fails (altered data, another place); never
 * anything else for bad stored data.
 */
export function openSecret(ring: SecretKeyRing | undefined, place: SecretPlace, sealed: SealedSecret): string {
  const key = ring?.byId.get(sealed.keyId);
  if (!key) throw new SecretDecryptError('key-missing', sealed.keyId);
  try {
    const iv = Buffer.from(sealed.iv, 'base64');
    const tag = Buffer.from(sealed.tag, 'base64');
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error('bad iv or tag length');
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad(place));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SecretDecryptError('corrupt', sealed.keyId);
  }
}
