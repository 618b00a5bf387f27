import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { describeS3, parseS3Url } from './s3-url';

describe('FILES_S3_URL', () => {
  it('reads endpoint, bucket, prefix, region, addressing, TLS and URL-encoded keys', () => {
    expect(parseS3Url('s3://AKIA123:se%2Fcr%2Bet@minio.local:9000/zdjecia?forcePathStyle=true&tls=false')).toEqual({
      endpoint: 'http://minio.local:9000',
      bucket: 'zdjecia',
      prefix: '',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA123', secretAccessKey: 'se/cr+et' },
    });
    expect(parseS3Url('s3://s3.eu-central-1.amazonaws.com/moj-sklep/zaplecze/prod?region=eu-central-1')).toEqual({
      endpoint: 'https://s3.eu-central-1.amazonaws.com',
      bucket: 'moj-sklep',
      prefix: 'zaplecze/prod/',
      region: 'eu-central-1',
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it('refuses a malformed URL with a message that never repeats the secret', () => {
    const cases: [string, RegExp][] = [
      ['http://K:TAJNE@host/b', /must start with s3:\/\//],
      ['s3://K:TAJNE@host/', /not a bucket name/],
      ['s3://K:TAJNE@host/B_zly', /not a bucket name/],
      ['s3://K:TAJNE@host/bkt?tls=moze', /tls=moze is neither true nor false/],
      ['s3://K:TAJNE@host/bkt?regoin=x', /unknown parameter "regoin"/],
      ['s3://K@host/bkt', /give both the access key and the secret key/],
      ['s3://K:TAJNE@host/bkt/zle prefix', /key prefix/],
      ['nie url TAJNE', /not a URL/],
    ];
    for (const [url, message] of cases) {
      let thrown: Error | undefined;
      try {
        parseS3Url(url);
      } catch (err) {
        thrown = err as Error;
      }
      expect(thrown?.message, url).toMatch(message);
      expect(thrown?.message, url).not.toContain('TAJNE');
    }
  });

  it('is named in messages without its keys, and unset means the folder', () => {
    const s3 = parseS3Url('s3://K:TAJNE@127.0.0.1:9000/bkt/pre?tls=false&forcePathStyle=1');
    expect(describeS3(s3)).toBe('S3 http://127.0.0.1:9000, bucket bkt, prefix pre/');
    expect(loadConfig({ FILES_S3_URL: 's3://K:TAJNE@127.0.0.1:9000/bkt' }).filesS3?.bucket).toBe('bkt');
    expect(loadConfig({}).filesS3).toBeUndefined();
    expect(loadConfig({ FILES_S3_URL: ' ' }).filesS3).toBeUndefined();
  });
});
