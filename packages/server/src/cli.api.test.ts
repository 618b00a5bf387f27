import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { createApp, openAndMigrate } from './server';
import { ORG_CREATE_ACME as ORG, runCli } from '../test/cli';
import { ApiClient, createScratchPostgres, testEngine } from '../test/harness';

let dataDir: string;
let env: NodeJS.ProcessEnv;
let dropDb: (() => Promise<void>) | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zaplecze-cli-'));
  env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  if (testEngine() === 'postgres') {
    const scratch = await createScratchPostgres('cli');
    env.DATABASE_URL = scratch.url;
    dropDb = scratch.drop;
  }
});
afterAll(async () => {
  await dropDb?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const cli = (...args: string[]) => runCli(args, env);

describe('admin CLI', () => {
  it('org:create prints the login, and that login signs in through a server on the same data', async () => {
    const r = await cli(...ORG, '--name', 'ACME sp. z o.o.');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n').at(-1)).toBe('acme_admin');

    const { database, deps } = await openAndMigrate(loadConfig(env));
    const { app } = await createApp({ ...deps, config: { ...deps.config, logLevel: 'silent' } }, { logger: false });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const t = await new ApiClient(`http://127.0.0.1:${port}`).login('acme_admin', 'Secret123!');
      expect(t.user.permissions).toBe('main.admin');
      expect(t.user.organization).toMatchObject({ prefix: 'acme', name: 'ACME sp. z o.o.' });
    } finally {
      await app.close();
      await database.destroy();
    }
  });

  it('a taken prefix exits 2 with a Polish message', async () => {
    const r = await cli(...ORG);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Ten prefiks organizacji jest już zajęty.');
  });
});
