import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { buildApp } from './platform/app';
import { openAndMigrate } from './server';
import { ApiClient, testEngine } from '../test/harness';

const root = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
let dataDir: string;
let env: NodeJS.ProcessEnv;
let dropDb: (() => Promise<void>) | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zaplecze-cli-'));
  env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  if (testEngine() === 'postgres') {
    const admin = process.env.TEST_DATABASE_URL ?? '';
    const name = `zaplecze_cli_${randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDb = async () => {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    };
  }
});
afterAll(async () => {
  await dropDb?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the CLI as `npm run cli -- ...` does; never throws, answers the exit code and output. */
async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'packages/server/src/cli.ts', ...args], {
      cwd: root,
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const ORG = [
  'org:create',
  '--prefix',
  'acme',
  '--admin',
  'admin',
  '--password',
  'Secret123!',
  '--email',
  'admin@acme.pl',
];

describe('admin CLI', () => {
  it('--help lists the commands', async () => {
    const r = await cli('--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('org:create');
    expect(r.stdout).toMatch(/--prefix/);
  });

  it('org:create prints the login, and that login signs in through a server on the same data', async () => {
    const r = await cli(...ORG, '--name', 'ACME sp. z o.o.');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n').at(-1)).toBe('acme_admin');

    const { database, deps } = await openAndMigrate(loadConfig(env));
    const { app } = await buildApp({ ...deps, config: { ...deps.config, logLevel: 'silent' } }, { logger: false });
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

  it.each([
    ['no command', [], /Użycie|Polecenia/],
    ['an unknown command', ['org:delete'], /Nieznane polecenie/],
    [
      'a missing option',
      ['org:create', '--prefix', 'beta', '--admin', 'a', '--password', 'Secret123!'],
      /Brak wymaganej opcji --email/,
    ],
    [
      'a bad prefix',
      ['org:create', '--prefix', 'A_B', '--admin', 'a', '--password', 'Secret123!', '--email', 'a@b.pl'],
      /--prefix: .*(znaków|litery)/,
    ],
    [
      'a short password',
      ['org:create', '--prefix', 'beta', '--admin', 'a', '--password', 'krótkie', '--email', 'a@b.pl'],
      /--password: Hasło musi mieć/,
    ],
    ['an unknown option', [...ORG, '--kolor', 'zielony'], /Nieznana opcja --kolor\./],
    ['an option without its value', ['org:create', '--prefix'], /Opcja --prefix wymaga wartości\./],
    ['a stray argument', [...ORG, 'nadmiarowy'], /Nieoczekiwany argument/],
  ])('%s exits 2 with a message and no stack trace', async (_name, args, message) => {
    const r = await cli(...args);
    expect(r.code).toBe(2);
    expect(r.stdout + r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at |node:internal|Error: /);
  });
});
