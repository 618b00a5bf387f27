import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';
import { parseS3Url, type S3Location } from '../src/platform/file-storage';

/**
 * An S3-compatible server on 127.0.0.1 for the tests (docs/decisions.md, Files: a folder or
 * S3-compatible storage): s3rver (the npm package, objects in a temporary folder) behind a plain
 * HTTP server of the test's own that checks each request's AWS Signature Version 4 first. s3rver
 * refuses an unknown access key but takes any signature (its V4 check is unimplemented), while a
 * real S3 refuses a wrong secret key: the check here answers 403 SignatureDoesNotMatch as S3 does.
 * `stop()` and `start()` play an outage on the same port and the same objects. Changes are handled
 * one at a time (see below); reads run side by side.
 */
export const S3_ACCESS_KEY = 'S3RVER';
export const S3_SECRET_KEY = 'S3RVER';

export interface TestS3 {
  /** FILES_S3_URL of the bucket, with the right keys (or `keys`). */
  url(keys?: { access: string; secret: string }, bucket?: string): string;
  /** The parsed FILES_S3_URL (Config.filesS3). */
  location(keys?: { access: string; secret: string }, bucket?: string): S3Location;
  readonly bucket: string;
  readonly port: number;
  /** Closes the port (requests are refused) until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops for good and removes the objects. */
  close(): Promise<void>;
}

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Whether the request carries a valid SigV4 Authorization header for `secret` (S3's rules). */
function signatureValid(req: http.IncomingMessage, secret: string): boolean {
  const auth = req.headers.authorization ?? '';
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return false;
  const [, , date, region, service, signedHeaders, signature] = m as unknown as string[];
  const url = new URL(req.url ?? '/', 'http://x');
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = signedHeaders!.split(';');
  const headers = names
    .map((n) => {
      const v = req.headers[n];
      return `${n}:${(Array.isArray(v) ? v.join(',') : (v ?? '')).trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const payload = String(req.headers['x-amz-content-sha256'] ?? 'UNSIGNED-PAYLOAD');
  const canonical = [req.method, url.pathname, query, headers, signedHeaders, payload].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', String(req.headers['x-amz-date']), scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), region!), service!), 'aws4_request');
  const expected = hmac(key, toSign);
  return timingSafeEqual(expected, Buffer.from(signature!, 'hex'));
}

/** The part of s3rver's folder store (lib/stores/filesystem.js, 3.7) that `putObject` uses. */
interface S3rverStore {
  getResourcePath(bucket: string, key: string, resourceType: string): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
  putObject(object: {
    bucket: string;
    key: string;
    content: Buffer | NodeJS.ReadableStream;
    metadata: unknown;
  }): Promise<{
    size: number;
    md5: string;
  }>;
}

/**
 * s3rver's `putObject` answers once the body has passed its MD5 step, not once the file is written
 * (it resolves on the hashing stream's 'finish' and does not wait for the file's), and its HEAD and
 * GET take the size from the file: a client that reads an object right after its PUT succeeded can
 * see it short. Under load that made `files:migrate` count a good copy as damaged. S3 answers a PUT
 * only once the object is stored, so the store here writes the file to its end before it answers.
 */
function writeBeforeAnswering(s3rver: S3rver): void {
  const store = (s3rver as unknown as { store: S3rverStore }).store;
  store.putObject = async (object) => {
    const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
    await fs.promises.mkdir(path.dirname(objectPath), { recursive: true });
    const md5 = createHash('md5');
    let size = 0;
    const source = Buffer.isBuffer(object.content) ? [object.content] : object.content;
    await pipeline(
      source,
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          md5.update(chunk);
          size += chunk.length;
          callback(null, chunk);
        },
      }),
      fs.createWriteStream(objectPath),
    );
    const digest = md5.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };
}

/** Starts s3rver with one empty bucket on a free loopback port. */
export async function startTestS3(bucket = 'zaplecze-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'zaplecze-s3-'));
  const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3rver.configureBuckets();
  writeBeforeAnswering(s3rver);
  const handle = s3rver.getMiddleware();
  const sockets = new Set<net.Socket>();
  let server: http.Server | undefined;
  let port = 0;
  let changes = Promise.resolve();

  const listen = async () => {
    server = http.createServer((req, res) => {
      if (req.headers.authorization?.includes(`Credential=${S3_ACCESS_KEY}/`) && !signatureValid(req, S3_SECRET_KEY)) {
        req.resume();
        res.writeHead(403, { 'content-type': 'application/xml' });
        res.end(
          '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided. Check your key and signing method.</Message></Error>',
        );
        return;
      }
      if (req.method === 'GET' || req.method === 'HEAD') {
        handle(req, res);
        return;
      }
      // One change at a time: s3rver's folder store removes a folder it just emptied, and a
      // concurrent delete or write in the same folder then fails with a 500 (a fault of the
      // emulator, not of S3, which has no folders).
      changes = changes.then(
        () =>
          new Promise<void>((resolve) => {
            res.on('close', resolve);
            handle(req, res);
          }),
      );
    });
    server.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  };
  const stop = async () => {
    const s = server;
    server = undefined;
    if (!s) return;
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await listen();

  const url = (keys = { access: S3_ACCESS_KEY, secret: S3_SECRET_KEY }, b = bucket) =>
    `s3://${encodeURIComponent(keys.access)}:${encodeURIComponent(keys.secret)}@127.0.0.1:${port}/${b}?region=us-east-1&forcePathStyle=true&tls=false`;
  return {
    bucket,
    get port() {
      return port;
    },
    url,
    location: (keys, b) => parseS3Url(url(keys, b)),
    stop,
    start: async () => {
      if (!server) await listen();
    },
    async close() {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
