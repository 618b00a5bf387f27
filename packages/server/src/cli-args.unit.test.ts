import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ORG_CREATE_ACME, runCli } from '../test/cli';

// Argument checks never reach a database; DATA_DIR points at an empty folder to prove it.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zaplecze-cli-args-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const create = (...opts: string[]) => ['org:create', ...opts];

// Each case starts a Node process: allow for a busy machine.
describe('admin CLI arguments', { timeout: 30_000 }, () => {
  it('--help lists the commands and exits 0', async () => {
    const r = await runCli(['--help'], env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('org:create');
    expect(r.stdout).toMatch(/--prefix/);
  });

  it.each([
    ['no command', [], /Użycie|Polecenia/],
    ['an unknown command', ['org:delete'], /Nieznane polecenie/],
    [
      'a missing option',
      create('--prefix', 'beta', '--admin', 'a', '--password', 'Secret123!'),
      /Brak wymaganej opcji --email/,
    ],
    [
      'a bad prefix',
      create('--prefix', 'A_B', '--admin', 'a', '--password', 'Secret123!', '--email', 'a@b.pl'),
      /--prefix: .*litery/,
    ],
    [
      'a short password',
      create('--prefix', 'beta', '--admin', 'a', '--password', 'krótkie', '--email', 'a@b.pl'),
      /--password: Hasło musi mieć/,
    ],
    [
      'a bad e-mail',
      create('--prefix', 'beta', '--admin', 'a', '--password', 'Secret123!', '--email', 'zly'),
      /--email: Niepoprawny adres e-mail/,
    ],
    ['an unknown option', [...ORG_CREATE_ACME, '--kolor', 'zielony'], /Nieznana opcja --kolor\./],
    ['an option without its value', create('--prefix'), /Opcja --prefix wymaga wartości\./],
    ['a stray argument', [...ORG_CREATE_ACME, 'nadmiarowy'], /Nieoczekiwany argument/],
    ['a bad rotation batch', ['secrets:rotate', '--batch', '0'], /--batch: .*od 1 do 10000/],
    ['a bad key id', ['secrets:keygen', '--id', 'zły id'], /--id: 1-40 liter/],
  ])('%s exits 2 with a Polish message and no stack trace', async (_name, args, message) => {
    const r = await runCli(args, env);
    expect(r.code).toBe(2);
    expect(r.stdout + r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at |node:internal|Error: /);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});

describe('secret key commands', { timeout: 30_000 }, () => {
  it('secrets:keygen prints one SECRETS_KEYS entry of 32 random bytes', async () => {
    const a = await runCli(['secrets:keygen', '--id', 'k2027'], env);
    const b = await runCli(['secrets:keygen'], env);
    expect(a.code, a.stderr).toBe(0);
    expect(a.stdout.trim()).toMatch(/^k2027:[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.stdout.trim().slice(6), 'base64')).toHaveLength(32);
    expect(b.stdout.trim()).toMatch(/^k\d{8}:[A-Za-z0-9+/]{43}=$/);
    expect(b.stdout.trim().slice(-44)).not.toBe(a.stdout.trim().slice(-44));
  });

  it('a malformed SECRETS_KEYS stops a command with a message naming the entry, never the key', async () => {
    const short = Buffer.alloc(16, 7).toString('base64');
    const r = await runCli(['secrets:rotate'], { ...env, SECRETS_KEYS: `stary:${short}` });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('SECRETS_KEYS: key "stary" must be 32 bytes');
    expect(r.stderr).not.toContain(short);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
