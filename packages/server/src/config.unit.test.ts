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
