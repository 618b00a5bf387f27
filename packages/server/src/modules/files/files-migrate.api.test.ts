/**
 * `npm run cli -- files:migrate --to s3|local` (docs/operations.md, Moving the files): every file
 * copied and checked by MD5, a run over a half-done target or after a kill continues where it
 * stopped, and failures answer exit code 1 or 2 without the secret.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../test/cli';
import { SERVER_CLI } from '../../../test/compiled';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg } from '../../../test/factories';
import { startTestS3, type TestS3 } from '../../../test/s3-server';
import { pluginFiles } from '../../plugin-sdk/files';
import { FolderStorage, S3Storage, type FileStorage } from '../../platform/file-storage';

const root = path.resolve(import.meta.dirname, '../../../../..');
/** Files written straight into the folder besides the uploads: more than one batch of 100. */
const EXTRA = 150;

let server: TestServer;
let org: TestOrg;
let folder: FolderStorage;
let s3: TestS3;
let orgId: number;
const dirs: string[] = [];
const storages: FileStorage[] = [];

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  s3 = await startTestS3();
  folder = new FolderStorage(server.deps.config.dataDir);
  orgId = (
    await server.deps.db
      .selectFrom('organizations')
      .select('id')
      .where('prefix', '=', org.prefix)
      .executeTakeFirstOrThrow()
  ).id;
  const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: 'green' } })
    .jpeg()
    .toBuffer();
  for (let i = 0; i < 2; i++) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'z.jpg');
    expect((await org.admin.request('POST', '/api/upload_image', { multipart: form })).status).toBe(200);
  }
  await pluginFiles.save(server.deps.config, 'wholesale-csv', orgId, Buffer.from('kod;cena\nA1;10\n'), 'csv');
  for (let i = 0; i < EXTRA; i++) {
    await folder.put(`files/${orgId}/display/${randomBytes(16).toString('hex')}.jpg`, randomBytes(1000 + i * 37));
  }
});
afterAll(async () => {
  for (const s of storages) await s.close();
  await server.close();
  await s3.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function bucket(name: string): S3Storage {
  const storage = new S3Storage(s3.location(undefined, name));
  storages.push(storage);
  return storage;
}

/** Every application file of a storage with the MD5 of its content, read through. */
async function contents(storage: FileStorage): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const prefix of ['files/', 'plugin-files/']) {
    for await (const { key } of storage.list(prefix)) {
      const data = await storage.read(key);
      out.set(key, createHash('md5').update(data!).digest('hex'));
    }
  }
  return out;
}

const env = (s3Url: string | undefined, dataDir = server.deps.config.dataDir) => {
  const { FILES_S3_URL: _unset, ...rest } = process.env;
  return { ...rest, DATA_DIR: dataDir, ...(s3Url ? { FILES_S3_URL: s3Url } : {}) };
};

function tally(stdout: string) {
  const m = /^CHECKED (\d+) COPIED (\d+) PRESENT (\d+) FAILED (\d+)$/m.exec(stdout);
  if (!m) throw new Error(`no tally in: ${stdout}`);
  return { checked: Number(m[1]), copied: Number(m[2]), present: Number(m[3]), failed: Number(m[4]) };
}

describe('files:migrate', () => {
  it('copies every file to S3, skipping the ones already there and checked, and re-copying damaged ones', async () => {
    const source = await contents(folder);
    // Both sizes of 2 uploads, the plugin's file, the extra files.
    expect(source.size).toBe(2 * 2 + 1 + EXTRA);
    const target = bucket('migracja-a');
    await s3Bucket('migracja-a');
    // A target as an interrupted run may leave it: 10 files done, one with other bytes of the same
    // length, one cut short.
    const keys = [...source.keys()].sort();
    for (const key of keys.slice(0, 10)) await target.put(key, (await folder.read(key))!);
    const sameLength = (await folder.read(keys[10]!))!;
    await target.put(keys[10]!, Buffer.from(sameLength.map((b) => b ^ 0xff)));
    await target.put(keys[11]!, (await folder.read(keys[11]!))!.subarray(0, 10));

    const run = await runCli(['files:migrate', '--to', 's3'], env(s3.url(undefined, 'migracja-a')));
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain(`-> S3 http://127.0.0.1:${s3.port}, bucket migracja-a`);
    expect(tally(run.stdout)).toEqual({ checked: source.size, copied: source.size - 10, present: 10, failed: 0 });
    expect(run.stdout).toMatch(/^Sprawdzono 100: /m);
    expect(await contents(target)).toEqual(source);

    const again = await runCli(['files:migrate', '--to', 's3'], env(s3.url(undefined, 'migracja-a')));
    expect(tally(again.stdout)).toEqual({ checked: source.size, copied: 0, present: source.size, failed: 0 });
    // The source is never changed.
    expect(await contents(folder)).toEqual(source);
  });

  it('killed half-way, continues where it stopped when run again', async () => {
    const source = await contents(folder);
    await s3Bucket('migracja-b');
    const url = s3.url(undefined, 'migracja-b');
    const child = spawn(process.execPath, [SERVER_CLI, 'files:migrate', '--to', 's3'], { cwd: root, env: env(url) });
    let out = '';
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        // Killed at its first progress report (100 files copied and checked), or it ended first.
        if (out.includes('Sprawdzono ')) child.kill('SIGKILL');
      });
      child.on('close', () => resolve());
    });
    const resumed = await runCli(['files:migrate', '--to', 's3'], env(url));
    expect(resumed.code, `${resumed.stdout}\n${resumed.stderr}`).toBe(0);
    const t = tally(resumed.stdout);
    expect(t.checked).toBe(source.size);
    expect(t.present).toBeGreaterThanOrEqual(100);
    expect(t.copied + t.present).toBe(source.size);
    expect(await contents(bucket('migracja-b'))).toEqual(source);
  });

  it('--to local brings every file back into an empty DATA_DIR, checked', async () => {
    const source = await contents(folder);
    await s3Bucket('migracja-c');
    const url = s3.url(undefined, 'migracja-c');
    expect((await runCli(['files:migrate', '--to', 's3'], env(url))).code).toBe(0);
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'zaplecze-back-'));
    dirs.push(empty);
    const back = await runCli(['files:migrate', '--to', 'local'], env(url, empty));
    expect(back.code, `${back.stdout}\n${back.stderr}`).toBe(0);
    expect(tally(back.stdout)).toEqual({ checked: source.size, copied: source.size, present: 0, failed: 0 });
    expect(await contents(new FolderStorage(empty))).toEqual(source);
    expect(fs.existsSync(path.join(empty, 'files', String(orgId), 'thumb'))).toBe(true);
  });

  it('refuses bad arguments (2) and ends with 1 when S3 fails, never printing the secret', async () => {
    const noUrl = await runCli(['files:migrate', '--to', 's3'], env(undefined));
    expect(noUrl.code).toBe(2);
    expect(noUrl.stderr).toContain('Nie ustawiono FILES_S3_URL');
    const badTo = await runCli(['files:migrate', '--to', 'ftp'], env(s3.url()));
    expect(badTo.code).toBe(2);
    expect(badTo.stderr).toContain('--to: podaj s3');

    const secret = 'Sekretne/Haslo+S3';
    const wrong = await runCli(
      ['files:migrate', '--to', 's3'],
      env(s3.url({ access: 'S3RVER', secret }, 'migracja-a')),
    );
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('magazyn plików nie odpowiada');
    expect(wrong.stderr).toMatch(
      /(SignatureDoesNotMatch|AccessDenied) \(HTTP 403\) \(check the access key and the secret key/,
    );
    for (const text of [wrong.stdout, wrong.stderr]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(encodeURIComponent(secret));
    }

    await s3.stop();
    try {
      const down = await runCli(['files:migrate', '--to', 's3'], env(s3.url(undefined, 'migracja-a')));
      expect(down.code).toBe(1);
      expect(down.stderr).toContain('magazyn plików nie odpowiada');
    } finally {
      await s3.start();
    }
  });
});

/** Makes a bucket on the test S3 server (s3rver takes a PUT of the bucket). */
async function s3Bucket(name: string): Promise<void> {
  const { S3Client, CreateBucketCommand } = await import('@aws-sdk/client-s3');
  const loc = s3.location(undefined, name);
  const client = new S3Client({
    endpoint: loc.endpoint,
    region: loc.region,
    forcePathStyle: true,
    ...(loc.credentials ? { credentials: loc.credentials } : {}),
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: name }));
  } finally {
    client.destroy();
  }
}
