/**
 * FILES_S3_URL: where the S3-compatible storage of the application's files is (docs/operations.md,
 * Files in S3-compatible storage):
 *
 *   s3://ACCESS_KEY:SECRET_KEY@host[:port]/bucket[/key/prefix][?region=..&forcePathStyle=true&tls=false]
 *
 * - the keys are URL-encoded (a secret with `/` or `+` is written `%2F`, `%2B`); without them the
 *   AWS SDK's default chain answers (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, an instance role);
 * - host and port are the endpoint (`s3.eu-central-1.amazonaws.com`, `minio.local:9000`);
 * - the first path segment is the bucket, the rest an optional prefix of every key (one bucket
 *   shared by several installations);
 * - `region` (default `us-east-1`), `forcePathStyle` (`true` for MinIO and most self-hosted
 *   servers: `host/bucket/key` instead of `bucket.host/key`; default `false`), `tls` (`false`
 *   speaks plain HTTP, default `true`).
 *
 * The secret is never logged: `describeS3` is what messages name.
 */
export interface S3Location {
  /** http(s)://host[:port] */
  endpoint: string;
  bucket: string;
  /** '' or a prefix ending in '/'. */
  prefix: string;
  region: string;
  forcePathStyle: boolean;
  /** undefined: the AWS SDK's default credential chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9._-]+$/;
const KNOWN_PARAMS = new Set(['region', 'forcePathStyle', 'tls']);

function bool(name: string, value: string | null, fallback: boolean): boolean {
  if (value === null || value === '') return fallback;
  if (['true', '1', 'yes', 'on'].includes(value.toLowerCase())) return true;
  if (['false', '0', 'no', 'off'].includes(value.toLowerCase())) return false;
  throw new Error(`FILES_S3_URL: ${name}=${value} is neither true nor false`);
}

/** Parses FILES_S3_URL; a malformed one throws a message that never repeats the secret. */
export function parseS3Url(text: string): S3Location {
  let u: URL;
  try {
    u = new URL(text.trim());
  } catch {
    throw new Error('FILES_S3_URL is not a URL: expected s3://ACCESS_KEY:SECRET_KEY@host:port/bucket?region=...');
  }
  if (u.protocol !== 's3:') throw new Error(`FILES_S3_URL must start with s3:// (not ${u.protocol}//)`);
  if (!u.hostname) throw new Error('FILES_S3_URL has no host: s3://ACCESS_KEY:SECRET_KEY@host:port/bucket');
  for (const key of u.searchParams.keys()) {
    if (!KNOWN_PARAMS.has(key))
      throw new Error(`FILES_S3_URL: unknown parameter "${key}" (region, forcePathStyle, tls)`);
  }
  const [bucket = '', ...rest] = u.pathname.split('/').filter(Boolean);
  if (!BUCKET.test(bucket)) throw new Error(`FILES_S3_URL: "${bucket}" is not a bucket name (s3://...@host/bucket)`);
  for (const segment of rest) {
    if (!PREFIX_SEGMENT.test(segment))
      throw new Error(
        `FILES_S3_URL: the key prefix "${rest.join('/')}" has other characters than letters, digits, '.', '_' and '-'`,
      );
  }
  const user = decodeURIComponent(u.username);
  const password = decodeURIComponent(u.password);
  if (Boolean(user) !== Boolean(password)) {
    throw new Error(
      'FILES_S3_URL: give both the access key and the secret key (s3://ACCESS_KEY:SECRET_KEY@host/bucket), or neither',
    );
  }
  const tls = bool('tls', u.searchParams.get('tls'), true);
  return {
    endpoint: `${tls ? 'https' : 'http'}://${u.host}`,
    bucket,
    prefix: rest.length > 0 ? `${rest.join('/')}/` : '',
    region: u.searchParams.get('region') || 'us-east-1',
    forcePathStyle: bool('forcePathStyle', u.searchParams.get('forcePathStyle'), false),
    credentials: user ? { accessKeyId: user, secretAccessKey: password } : undefined,
  };
}

/** Where the files are, for messages and logs: endpoint, bucket and prefix, no keys. */
export function describeS3(s3: S3Location): string {
  return `S3 ${s3.endpoint}, bucket ${s3.bucket}${s3.prefix ? `, prefix ${s3.prefix}` : ''}`;
}
