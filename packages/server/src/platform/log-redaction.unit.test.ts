import { describe, expect, it } from 'vitest';
import { redactUrl, serializeRequest } from './log-redaction';

describe('redactUrl', () => {
  it.each([
    ['/api/users?id=7', '/api/users?id=7'],
    ['/api/orders?tel=600100200&sort=DATE', '/api/orders?tel=[redacted]&sort=DATE'],
    ['/api/orders?%65mail=a%40b.pl', '/api/orders?%65mail=[redacted]'],
    ['/api/orders?email=&page=2', '/api/orders?email=&page=2'],
    ['/api/x?token=%E0%A4%A', '/api/x?token=[redacted]'],
    ['/api/items?ids[]=1&name=x', '/api/items?ids[]=1&name=[redacted]'],
    ['/order-buyer-info/3f2b9c1e-5d4a-4b7e-9a1c-0e8f6d2b7a15', '/order-buyer-info/[redacted]'],
    ['/api/x/3F2B9C1E5D4A4B7E9A1C0E8F6D2B7A15/y', '/api/x/[redacted]/y'],
    ['http://host:80/api/o?uuid=abc&p=ABC', 'http://host:80/api/o?uuid=[redacted]&p=ABC'],
    ['/assets/index-Bx7f2.js', '/assets/index-Bx7f2.js'],
  ])('%s -> %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('serialises no headers', () => {
    const req = { method: 'GET', url: '/api/users?q=jan', ip: '10.0.0.1', headers: { cookie: 'a=b' } };
    expect(serializeRequest(req)).toEqual({
      method: 'GET',
      url: '/api/users?q=[redacted]',
      remoteAddress: '10.0.0.1',
      remotePort: undefined,
    });
  });
});
