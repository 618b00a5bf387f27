import { constants, createCipheriv, createHash, publicEncrypt, randomBytes, X509Certificate } from 'node:crypto';

/**
 * Cryptography a plugin needs to speak to a government service (KSeF: docs/plugins.md, "Plugin:
 * invoicing"), from Node's own crypto, so plugins need no package and no `node:` import.
 */

/** RSA-OAEP with SHA-256 (and MGF1-SHA-256) under the public key of an X.509 certificate given as DER in Base64; answers Base64. */
export function rsaOaepSha256Encrypt(certificateDerBase64: string, data: Uint8Array | string): string {
  const key = new X509Certificate(Buffer.from(certificateDerBase64, 'base64')).publicKey;
  return publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    typeof data === 'string' ? Buffer.from(data, 'utf8') : data,
  ).toString('base64');
}

/** AES-256-CBC with PKCS#7 padding: the ciphertext alone (the IV is the caller's to send). */
export function aes256CbcEncrypt(key: Uint8Array, iv: Uint8Array, data: Uint8Array): Buffer {
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

/** SHA-256 of the bytes in Base64 (`url`: Base64URL without padding). */
export function sha256Base64(data: Uint8Array | string, url = false): string {
  return createHash('sha256')
    .update(data)
    .digest(url ? 'base64url' : 'base64');
}

/** Cryptographically strong random bytes (a session's key, an IV). */
export function secureRandomBytes(n: number): Buffer {
  return randomBytes(n);
}
