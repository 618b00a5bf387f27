import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSecret, sealSecret, SecretDecryptError, type SealedSecret } from './crypto';
import {
  generateKeyEntry,
  keyRingOf,
  loadKeyFile,
  parseSecretKeys,
  secretKeysNotice,
  SecretKeysError,
} from './key-ring';

const keyA = { id: 'a', key: randomBytes(32) };
const keyB = { id: 'b', key: randomBytes(32) };
const ring = keyRingOf([keyA], 'test');
const place = { orgId: 7, pluginId: 'allegro', field: 'refreshToken' };

function reason(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof SecretDecryptError) return err.reason;
    throw err;
  }
  return 'decrypted';
}

describe('secret encryption (AES-256-GCM)', () => {
  it('round-trips any text, with a fresh IV each time', () => {
    for (const text of ['x', 'zażółć gęślą jaźń 🔑', 'a'.repeat(10_000), '{"json":true}']) {
      const a = sealSecret(ring, place, text);
      const b = sealSecret(ring, place, text);
      expect(openSecret(ring, place, a)).toBe(text);
      expect(a.keyId).toBe('a');
      expect(Buffer.from(a.iv, 'base64')).toHaveLength(12);
      expect(Buffer.from(a.tag, 'base64')).toHaveLength(16);
      expect(a.iv).not.toBe(b.iv);
      expect(a.ciphertext).not.toBe(b.ciphertext);
      expect(a.ciphertext).not.toContain(Buffer.from(text).toString('base64'));
    }
  });

  it('binds a value to its organisation, plugin and field', () => {
    const sealed = sealSecret(ring, place, 'tajne');
    expect(reason(() => openSecret(ring, { ...place, orgId: 8 }, sealed))).toBe('corrupt');
    expect(reason(() => openSecret(ring, { ...place, pluginId: 'inpost' }, sealed))).toBe('corrupt');
    expect(reason(() => openSecret(ring, { ...place, field: 'apiKey' }, sealed))).toBe('corrupt');
    // Names that would run together without a separator stay apart: plugin 'abc' + field 'x'
    // against plugin 'ab' + field 'cx'.
    const s1 = sealSecret(ring, { orgId: 1, pluginId: 'abc', field: 'x' }, 'v');
    expect(reason(() => openSecret(ring, { orgId: 1, pluginId: 'ab', field: 'cx' }, s1))).toBe('corrupt');
    expect(openSecret(ring, place, sealed)).toBe('tajne');
  });

  it('fails on a tampered tag, ciphertext or IV, and on a wrong key', () => {
    const sealed = sealSecret(ring, place, 'tajne hasło');
    const flip = (b64: string) => {
      const b = Buffer.from(b64, 'base64');
      b[0] = b[0]! ^ 1;
      return b.toString('base64');
    };
    const tampered: SealedSecret[] = [
      { ...sealed, tag: flip(sealed.tag) },
      { ...sealed, ciphertext: flip(sealed.ciphertext) },
      { ...sealed, iv: flip(sealed.iv) },
      { ...sealed, tag: sealed.tag.slice(0, 8) },
      { ...sealed, iv: 'nie base64 !!' },
    ];
    for (const t of tampered) expect(reason(() => openSecret(ring, place, t))).toBe('corrupt');
    // The same id with other key material (a key replaced instead of added) fails too.
    const impostor = keyRingOf([{ id: 'a', key: keyB.key }], 'test');
    expect(reason(() => openSecret(impostor, place, sealed))).toBe('corrupt');
  });

  it('decrypts with an older key of the ring, encrypts with the current one, and says when a key is missing', () => {
    const old = sealSecret(keyRingOf([keyA], 'test'), place, 'stare');
    const both = keyRingOf([keyB, keyA], 'test');
    expect(openSecret(both, place, old)).toBe('stare');
    expect(sealSecret(both, place, 'nowe').keyId).toBe('b');
    expect(reason(() => openSecret(keyRingOf([keyB], 'test'), place, old))).toBe('key-missing');
    expect(reason(() => openSecret(undefined, place, old))).toBe('key-missing');
  });
});

describe('the key ring (SECRETS_KEYS)', () => {
  const k = (bytes = 32) => randomBytes(bytes).toString('base64');

  it('parses id:base64key entries, the first being current', () => {
    const a = k();
    const b = k();
    const keys = parseSecretKeys(` new:${a} , old:${b},`);
    expect(keys.map((x) => x.id)).toEqual(['new', 'old']);
    expect(keys[0]!.key.equals(Buffer.from(a, 'base64'))).toBe(true);
    const r = keyRingOf(keys, 'SECRETS_KEYS');
    expect(r.current.id).toBe('new');
    expect(r.byId.has('old')).toBe(true);
    expect(parseSecretKeys(generateKeyEntry('k1'))[0]!.id).toBe('k1');
  });

  it('refuses bad input with a clear message that never shows the key', () => {
    const good = k();
    const short = k(16);
    const cases: [string, RegExp][] = [
      ['', /empty/],
      [' , ', /empty/],
      [good, /entry 1 is not in the form id:base64key/],
      [`a:${good},b`, /entry 2 is not in the form/],
      [`:${good}`, /entry 1 has a bad key id/],
      [`zły id:${good}`, /bad key id/],
      [`a:${good},a:${k()}`, /key id "a" appears twice/],
      [`a:${short}`, /key "a" must be 32 bytes/],
      [`a:${k(33)}`, /must be 32 bytes/],
      [`a:${good.slice(0, -1)}`, /must be 32 bytes/],
      [`a:${good.replace(/[+/]/g, '-').replace(/=$/, '-')}x`, /must be 32 bytes/],
      ['a:not base64 at all!!!!!!!!!!!!!!!!!!!!!!!!', /must be 32 bytes/],
    ];
    for (const [text, message] of cases) {
      let caught: unknown;
      try {
        parseSecretKeys(text);
      } catch (err) {
        caught = err;
      }
      expect(caught, text).toBeInstanceOf(SecretKeysError);
      const msg = (caught as Error).message;
      expect(msg, text).toMatch(message);
      expect(msg).toMatch(/^SECRETS_KEYS/);
      expect(msg).not.toContain(good);
      expect(msg).not.toContain(short);
    }
  });
});

describe('the start-up notice', () => {
  it('warns only on PostgreSQL without SECRETS_KEYS', () => {
    expect(secretKeysNotice({ dataDir: '/srv/data', secretKeys: undefined }, 'sqlite')).toBeUndefined();
    expect(secretKeysNotice({ dataDir: '/srv/data', secretKeys: [keyA] }, 'postgres')).toBeUndefined();
    expect(secretKeysNotice({ dataDir: '/srv/data', secretKeys: undefined }, 'postgres')).toMatch(
      /SECRETS_KEYS is not set: .*\/srv\/data\/secrets\.key; with more than one app machine/,
    );
  });
});

describe('the key file in DATA_DIR', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  const tempDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'zaplecze-keys-'));
    dirs.push(d);
    return d;
  };

  it('is created with mode 0600 only when asked, atomically, and reused afterwards', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    expect(loadKeyFile(dir, false)).toBeUndefined();
    expect(fs.existsSync(dir)).toBe(false);
    const first = loadKeyFile(dir, true)!;
    const file = path.join(dir, 'secrets.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first).toHaveLength(1);
    expect(first[0]!.id).toMatch(/^local-[0-9a-f]{8}$/);
    expect(fs.readFileSync(file, 'utf8')).toMatch(/^local-[0-9a-f]{8}:[A-Za-z0-9+/]{43}=\n$/);
    // No temporary file is left behind.
    expect(fs.readdirSync(dir)).toEqual(['secrets.key']);
    const again = loadKeyFile(dir, true)!;
    expect(again[0]!.id).toBe(first[0]!.id);
    expect(again[0]!.key.equals(first[0]!.key)).toBe(true);
  });

  it('names the file when its content is damaged', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'secrets.key'), 'zepsuty\n');
    expect(() => loadKeyFile(dir, true)).toThrow(new RegExp(`${path.join(dir, 'secrets.key')}: entry 1`));
  });
});
