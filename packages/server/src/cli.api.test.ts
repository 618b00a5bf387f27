import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { createApp, openAndMigrate } from './server';
import { ORG_CREATE_ACME as ORG, runCli } from '../test/cli';
import { ApiClient, createScratchPostgres, testEngine } from '../test/harness';
import { expectFirstOrderSaves, expectStarterData } from '../test/starter';
import { openDatabase } from './db/database';

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
      const client = new ApiClient(`http://127.0.0.1:${port}`);
      const t = await client.login('acme_admin', 'Secret123!');
      expect(t.user.permissions).toBe('main.admin');
      expect(t.user.organization).toMatchObject({ prefix: 'acme', name: 'ACME sp. z o.o.' });
      // The starter lists and defaults, as registration makes them: the first order saves at once.
      await expectStarterData(client);
      await expectFirstOrderSaves(client);
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

  it('org:create refuses a Polish NIP with a wrong check digit (exit 2), takes a foreign tax number as typed', async () => {
    const args = ['org:create', '--prefix', 'nipzly', '--admin', 'admin', '--password', 'Secret123!'];
    const bad = await cli(...args, '--email', 'admin@nipzly.pl', '--tax-id', '526-025-09-94');
    expect(bad.code, bad.stderr).toBe(2);
    expect(bad.stderr).toContain(
      '--tax-id: Nieprawidłowy NIP: sprawdź cyfry, ostatnia cyfra kontrolna się nie zgadza.',
    );
    const database = openDatabase(loadConfig(env));
    try {
      const rows = await database.db
        .selectFrom('organizations')
        .select('prefix')
        .where('prefix', '=', 'nipzly')
        .execute();
      expect(rows).toEqual([]);
    } finally {
      await database.destroy();
    }
    const foreign = await cli(...args, '--email', 'admin@nipzly.pl', '--tax-id', '526-025-09-94', '--country', 'de');
    expect(foreign.code, foreign.stderr).toBe(0);
    // Two CLI processes (each starts tsx and hashes a password): seconds each on a busy machine.
  }, 120_000);

  describe('org:update', () => {
    async function acme() {
      const database = openDatabase(loadConfig(env));
      try {
        const org = await database.db
          .selectFrom('organizations')
          .selectAll()
          .where('prefix', '=', 'acme')
          .executeTakeFirstOrThrow();
        const options = await database.db
          .selectFrom('options')
          .select(['key', 'value'])
          .where('org_id', '=', org.id)
          .where('key', 'like', 'INVOICE_%')
          .execute();
        return { org, options: Object.fromEntries(options.map((o) => [o.key, o.value])) };
      } finally {
        await database.destroy();
      }
    }

    it('changes only the given fields of the organisation and its seller data', async () => {
      const r = await cli(
        'org:update',
        '--prefix',
        'acme',
        '--tax-id',
        '526-025-09-95',
        '--address',
        'ul. Długa 5',
        '--post-code-city',
        '30-001 Kraków',
        '--bank-account',
        'PL61 1090 1014 0000 0712 1981 2874',
        '--place-of-issue',
        'Kraków',
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('Numer konta: PL61 1090 1014 0000 0712 1981 2874');
      const { org, options } = await acme();
      expect(org).toMatchObject({
        name: 'ACME sp. z o.o.',
        tax_id: '526-025-09-95',
        address: 'ul. Długa 5',
        post_code_city: '30-001 Kraków',
        country_code: 'PL',
      });
      expect(options).toMatchObject({
        INVOICE_BANK_ACCOUNT: 'PL61109010140000071219812874',
        INVOICE_PLACE_OF_ISSUE: 'Kraków',
      });
    });

    // Seven CLI runs, each a fresh Node process with tsx.
    it('exits 2 with a Polish message on bad input and changes nothing', { timeout: 180_000 }, async () => {
      const before = await acme();
      const cases: [string[], string][] = [
        [['--tax-id', '5260250994'], '--tax-id: Nieprawidłowy NIP'],
        [['--bank-account', '62 1090 1014 0000 0712 1981 2874'], '--bank-account: Nieprawidłowy numer konta'],
        [['--country', 'XX'], '--country: Nieznany kod kraju.'],
        [['--name', ' '], '--name: Podaj nazwę firmy.'],
        [[], 'Podaj co najmniej jedną daną do zmiany'],
        [['--nip', '5260250995'], 'Nieznana opcja --nip.'],
      ];
      for (const [args, message] of cases) {
        const r = await cli('org:update', '--prefix', 'acme', ...args);
        expect(r.code, args.join(' ')).toBe(2);
        expect(r.stderr).toContain(message);
      }
      const missing = await cli('org:update', '--prefix', 'nieznana', '--name', 'X');
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('Nie ma organizacji o prefiksie "nieznana".');
      expect(await acme()).toEqual(before);
    });
  });
});
