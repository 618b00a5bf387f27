import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The key ring of plugin secrets (docs/decisions.md "Plugin settings and secrets"; docs/operations.md,
 * Plugin secrets). Keys come from SECRETS_KEYS, a comma-separated list of `id:base64key`, the first
 * being the current one (new values are encrypted with it; older rows name their key by id). Without
 * SECRETS_KEYS the ring is one key kept in DATA_DIR/secrets.key (same `id:base64key` format, file
 * mode 0600), generated on first need, so `npm start` on the embedded default needs no setting.
 * Key material never appears in an error message or a log line.
 */

/** One AES-256 key of the ring. */
export interface SecretKey {
  id: string;
  /** 32 bytes. */
  key: Buffer;
}

/** The ring: the current key (encrypts) and every key by id (decrypts). */
export interface SecretKeyRing {
  current: SecretKey;
  byId: ReadonlyMap<string, Buffer>;
  /** Where the keys came from, for the CLI's report: 'SECRETS_KEYS' or the key file's path. */
  source: string;
}

/** The environment variable of the ring. */
export const SECRET_KEYS_ENV = 'SECRETS_KEYS';
/** The generated key's file name in DATA_DIR. */
export const SECRET_KEY_FILE = 'secrets.key';

/** A key id: letters, digits, `_`, `.` and `-`, 1-40 characters (stored with every secret). */
export const SECRET_KEY_ID_PATTERN = /^[A-Za-z0-9_.-]{1,40}$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The one command line the docs and the errors give for a new key. */
export const KEY_GENERATION_HINT = 'npm run cli -- secrets:keygen (or: echo "k1:$(openssl rand -base64 32)")';

/** A key ring that cannot be used as configured; the message says what to fix, never a key. */
export class SecretKeysError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretKeysError';
  }
}

/**
 * Parses `id:base64key[,id:base64key...]` (whitespace around entries ignored). Refused: an empty
 * list, an entry without `:`, a bad id, an id twice, a key that is not standard base64 of exactly 32
 * bytes. `where` names the source in the message (the variable or the file).
 */
export function parseSecretKeys(text: string, where: string = SECRET_KEYS_ENV): SecretKey[] {
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  if (entries.length === 0) {
    throw new SecretKeysError(
      `${where} is empty: give at least one key as id:base64key; generate one with ${KEY_GENERATION_HINT}`,
    );
  }
  const keys: SecretKey[] = [];
  entries.forEach((entry, index) => {
    const n = index + 1;
    const colon = entry.indexOf(':');
    if (colon < 0) {
      throw new SecretKeysError(`${where}: entry ${n} is not in the form id:base64key`);
    }
    const id = entry.slice(0, colon).trim();
    const encoded = entry.slice(colon + 1).trim();
    if (!SECRET_KEY_ID_PATTERN.test(id)) {
      throw new SecretKeysError(
        `${where}: entry ${n} has a bad key id; use 1-40 letters, digits, "_", "." or "-" before the ":"`,
      );
    }
    if (keys.some((k) => k.id === id)) throw new SecretKeysError(`${where}: key id "${id}" appears twice`);
    const key = BASE64.test(encoded) && encoded.length % 4 === 0 ? Buffer.from(encoded, 'base64') : undefined;
    if (!key || key.length !== 32) {
      throw new SecretKeysError(
        `${where}: key "${id}" must be 32 bytes in standard base64 (44 characters ending in "="); generate one with ${KEY_GENERATION_HINT}`,
      );
    }
    keys.push({ id, key });
  });
  return keys;
}

/** A ring from parsed keys, the first being the current one. */
export function keyRingOf(keys: readonly SecretKey[], source: string): SecretKeyRing {
  const [current] = keys;
  if (!current) throw new SecretKeysError(`${source}: no key`);
  return { current, byId: new Map(keys.map((k) => [k.id, k.key])), source };
}

/** A new key entry `id:base64key` (32 random bytes); the id defaults to `k` and today's date. */
export function generateKeyEntry(id: string = `k${new Date().toISOString().slice(0, 10).replace(/-/g, '')}`): string {
  if (!SECRET_KEY_ID_PATTERN.test(id)) {
    throw new SecretKeysError('The key id must be 1-40 letters, digits, "_", "." or "-"');
  }
  return `${id}:${randomBytes(32).toString('base64')}`;
}

/** The key file's path for a data directory. */
export function keyFilePath(dataDir: string): string {
  return path.join(dataDir, SECRET_KEY_FILE);
}

/**
 * Reads DATA_DIR/secrets.key, creating it first when absent and `create` is set: the key is
 * written with mode 0600 to a temporary file of its own, flushed, then linked to the final name,
 * which fails if the name exists; so a concurrent starter (another worker process) never sees a
 * half-written file, and whichever process linked first wins and every process reads that key.
 * Answers undefined when the file is absent and `create` is not set.
 */
export function loadKeyFile(dataDir: string, create: boolean): SecretKey[] | undefined {
  const file = keyFilePath(dataDir);
  const read = (): SecretKey[] | undefined => {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
    return parseSecretKeys(text, file);
  };
  const existing = read();
  if (existing || !create) return existing;
  fs.mkdirSync(dataDir, { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  // The id says where the key came from and tells two generated keys apart (two nodes each
  // generating one is the mistake docs/operations.md warns about; their ids show it).
  const entry = generateKeyEntry(`local-${randomBytes(4).toString('hex')}`);
  const fd = fs.openSync(tmp, 'wx', 0o600);
  try {
    fs.writeFileSync(fd, `${entry}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return read();
}

/** What the ring is built from: the config's keys (SECRETS_KEYS) and DATA_DIR. */
export interface SecretKeysConfig {
  dataDir: string;
  secretKeys: readonly SecretKey[] | undefined;
}

const envRings = new WeakMap<readonly SecretKey[], SecretKeyRing>();
const fileRings = new Map<string, SecretKeyRing>();

/**
 * The process's ring for a configuration: SECRETS_KEYS when set, else DATA_DIR/secrets.key.
 * With `create` (a value is about to be encrypted) a missing key file is generated; without it
 * (reading, rotating) a missing file answers undefined: nothing stored can be decrypted and
 * nothing needs to be created. Rings are kept per process once loaded.
 */
export function secretKeyRing(config: SecretKeysConfig, opts: { create: boolean }): SecretKeyRing | undefined {
  if (config.secretKeys && config.secretKeys.length > 0) {
    let ring = envRings.get(config.secretKeys);
    if (!ring) {
      ring = keyRingOf(config.secretKeys, SECRET_KEYS_ENV);
      envRings.set(config.secretKeys, ring);
    }
    return ring;
  }
  const dir = path.resolve(config.dataDir);
  const cached = fileRings.get(dir);
  if (cached) return cached;
  const keys = loadKeyFile(dir, opts.create);
  if (!keys) return undefined;
  const ring = keyRingOf(keys, keyFilePath(dir));
  fileRings.set(dir, ring);
  return ring;
}

/**
 * What `npm start` should print about the ring, if anything: on PostgreSQL without SECRETS_KEYS,
 * each app machine would generate a key of its own (docs/operations.md, Plugin secrets).
 */
export function secretKeysNotice(config: SecretKeysConfig, engine: 'sqlite' | 'postgres'): string | undefined {
  if (engine !== 'postgres' || (config.secretKeys && config.secretKeys.length > 0)) return undefined;
  return `SECRETS_KEYS is not set: plugin secrets use the key generated in ${keyFilePath(path.resolve(config.dataDir))}; with more than one app machine set the same SECRETS_KEYS on each (docs/operations.md, Plugin secrets)`;
}
