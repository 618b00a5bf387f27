import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { SERVER_CLI } from './compiled';

const root = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the admin CLI as `npm run cli -- ...` does; never throws, answers the exit code and output. */
export async function runCli(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<CliResult> {
  try {
    const cli = [SERVER_CLI, ...args];
    // The test-only fixture plugins (two of them broken on purpose, which the host reports on
    // stderr) are the server tests' business, not the CLI's: a user's CLI never has them.
    const { ZAPLECZE_TEST_PLUGINS: _fixtures, ...cliEnv } = env;
    const { stdout, stderr } = await run(process.execPath, cli, { cwd: root, env: cliEnv });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as CliResult;
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** The example: creates organisation `acme` with administrator `acme_admin`. */
export const ORG_CREATE_ACME = [
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

/**
 * `org:create` through the CLI for the database `env` points at: organisation `prefix` with
 * administrator `<prefix>_szef` (e-mail `szef@<prefix>.pl`). Throws with the CLI's output when it fails.
 */
export async function createOrgByCli(env: NodeJS.ProcessEnv, prefix: string, password: string): Promise<void> {
  const r = await runCli(
    ['org:create', '--prefix', prefix, '--admin', 'szef', '--password', password, '--email', `szef@${prefix}.pl`],
    env,
  );
  if (r.code !== 0) throw new Error(`org:create ${prefix}: ${r.code} ${r.stderr}`);
}
