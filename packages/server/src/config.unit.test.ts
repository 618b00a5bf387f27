import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from './config';

describe('TRUST_PROXY', () => {
  it('is off by default and for false', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const v of [undefined, '', 'false', 'no', '0', 'off']) expect(parseTrustProxy(v)).toBe(false);
  });

  it('takes a list of proxy addresses and networks, IPv4 and IPv6', () => {
    expect(parseTrustProxy(' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8,loopback ')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true (anyone could name their own address) and anything that is not an address', () => {
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY=true.*e\.g\. TRUST_PROXY=127\.0\.0\.1/);
    for (const bad of ['proxy.example.com', '10.0.0.0/33', '::1/129', '10.0.0.1/8/1', '10.0.0/8', '10.0.0.0/x']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('SECRETS_KEYS', () => {
  it('is the key ring when set (first key current), absent otherwise, and refused at start when malformed', () => {
    expect(loadConfig({}).secretKeys).toBeUndefined();
    expect(loadConfig({ SECRETS_KEYS: ' ' }).secretKeys).toBeUndefined();
    const a = Buffer.alloc(32, 1).toString('base64');
    const b = Buffer.alloc(32, 2).toString('base64');
    expect(loadConfig({ SECRETS_KEYS: `nowy:${a},stary:${b}` }).secretKeys?.map((k) => k.id)).toEqual([
      'nowy',
      'stary',
    ]);
    expect(() => loadConfig({ SECRETS_KEYS: `nowy:${a.slice(4)}` })).toThrow(
      /SECRETS_KEYS: key "nowy" must be 32 bytes/,
    );
  });
});

describe('METRICS_ENABLED, METRICS_TOKEN', () => {
  const token = 'a1b2c3d4e5f6a7b8c9d0';
  it('are off by default; a token turns metrics on, METRICS_ENABLED=0 keeps them off', () => {
    expect(loadConfig({})).toMatchObject({ metricsEnabled: false, metricsToken: undefined });
    expect(loadConfig({ METRICS_ENABLED: '1' })).toMatchObject({ metricsEnabled: true, metricsToken: undefined });
    expect(loadConfig({ METRICS_TOKEN: token })).toMatchObject({ metricsEnabled: true, metricsToken: token });
    expect(loadConfig({ METRICS_TOKEN: token, METRICS_ENABLED: '0' }).metricsEnabled).toBe(false);
  });

  it('refuses a short token or one with spaces at start, without repeating it', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'krotki-token' })).toThrow(/at least 16 printable characters/);
    expect(() => loadConfig({ METRICS_TOKEN: 'token ze spacjami w srodku' })).toThrow(/without spaces/);
    try {
      loadConfig({ METRICS_TOKEN: 'krotki-token' });
    } catch (err) {
      expect(String(err)).not.toContain('krotki-token');
    }
  });
});

describe('SHUTDOWN_TIMEOUT_MS, SHUTDOWN_DELAY_MS', () => {
  it('default to 30 s and no delay', () => {
    expect(loadConfig({})).toMatchObject({ shutdownTimeoutMs: 30_000, shutdownDelayMs: 0 });
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '5000', SHUTDOWN_DELAY_MS: '2000' })).toMatchObject({
      shutdownTimeoutMs: 5000,
      shutdownDelayMs: 2000,
    });
  });
});
