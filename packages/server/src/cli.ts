import { parseArgs } from 'node:util';
import {
  emailSchema,
  formatBankAccount,
  loginUserSchema,
  organizationUpdateSchema,
  type OrganizationUpdate,
  orgPrefixSchema,
  passwordSchema,
} from '@zaplecze/contract';
import type { ZodType } from 'zod';
import { AppError } from './platform/errors';

const HELP = `Zaplecze: polecenia administracyjne

Użycie: npm run cli -- <polecenie> [opcje]

Polecenia:
  org:create   Tworzy organizację i jej administratora (uprawnienie main.admin)
      --prefix <prefiks>     3-20 małych liter i cyfr (wymagane)
      --admin <użytkownik>   nazwa administratora (wymagane)
      --password <hasło>     8-128 znaków (wymagane)
      --email <e-mail>       e-mail administratora (wymagane)
      --name <nazwa>         nazwa organizacji (domyślnie prefiks)
      --tax-id <NIP>, --address <adres>, --post-code-city <kod i miasto>, --country <kod ISO> (domyślnie PL)
  org:update   Zmienia dane organizacji (sprzedawcy na fakturach); tylko podane opcje
      --prefix <prefiks>     prefiks organizacji (wymagane)
      --name <nazwa>, --tax-id <NIP>, --address <adres>, --post-code-city <kod i miasto>,
      --country <kod ISO>    dane organizacji (NIP polskiej firmy z poprawną cyfrą kontrolną)
      --place-of-issue <miejscowość>, --bank-name <bank>, --bank-account <NRB lub IBAN>
                             ustawienia faktur (pusta wartość usuwa; konto z poprawną sumą kontrolną)
  stock:verify Sprawdza, czy stan każdego towaru organizacji równa się sumie jej zatwierdzonych
               zmian magazynowych; wypisuje towary, w których się różni (kod, stan, suma zmian)
      --prefix <prefiks>     prefiks organizacji (wymagane)
      Kod wyjścia: 0 bez różnic, 1 gdy są różnice, 2 przy błędnych argumentach.
  demo:seed    Tworzy organizację demonstracyjną z katalogiem towarów (stałe ziarno losowania)
      --prefix <prefiks>     prefiks nowej organizacji (wymagane); administrator: <prefiks>_admin
      --password <hasło>     hasło administratora, 8-128 znaków (wymagane)
      --items <liczba>       liczba towarów, 0-5000000 (domyślnie 1000000)
      --orders <liczba>      liczba zamówień z ostatnich trzech lat, 0-5000000 (domyślnie 0)
      --moto                 instaluje moduł motocyklowy: katalog motocykli i dwa dopasowania na towar
  backup       Zapisuje kopię zapasową bazy danych do nowego pliku, także gdy serwer działa
               (SQLite: spójna kopia pliku bazy; PostgreSQL: pg_dump w formacie custom)
      --out <plik>           plik kopii, nie może istnieć (wymagane)
  restore      Zastępuje zawartość skonfigurowanej bazy danych kopią zapasową i uzupełnia migracje;
               najpierw zatrzymaj serwer: działający serwer jest wykrywany i przywracanie
               odmawiane (kod wyjścia 1); SQLite: poprzednia baza zostaje obok jako
               zaplecze.sqlite.before-restore-<czas>; PostgreSQL: w jednej transakcji
      --from <plik>          plik kopii zrobionej poleceniem backup (wymagane)
  secrets:rotate
               Szyfruje ponownie bieżącym kluczem (pierwszym w SECRETS_KEYS) każdą wartość tajną
               pluginów zapisaną starszym kluczem, partiami; można przerwać i uruchomić ponownie;
               odmawia (kod wyjścia 1), gdy klucza którejś wartości nie ma w SECRETS_KEYS
      --batch <liczba>       wartości w jednej partii, 1-10000 (domyślnie 500)
      Kod wyjścia: 0 gdy wszystko jest pod bieżącym kluczem, 1 gdy nie.
  secrets:keygen
               Wypisuje nowy klucz do SECRETS_KEYS w postaci id:klucz-base64 (32 losowe bajty)
      --id <id>              identyfikator klucza (domyślnie k i dzisiejsza data, np. k20261128)
  files:migrate
               Kopiuje pliki aplikacji (zdjęcia, pliki pluginów) między folderem DATA_DIR
               a magazynem S3 z FILES_S3_URL, sprawdzając każdy plik sumą MD5 po obu stronach;
               pliki już skopiowane i zgodne pomija, więc przerwane można uruchomić ponownie;
               źródła nie zmienia
      --to <s3|local>        dokąd: s3 (z DATA_DIR do FILES_S3_URL) albo local (z powrotem)
      Kod wyjścia: 0 gdy wszystko jest skopiowane i sprawdzone, 1 gdy nie.
  --help       Ta pomoc

Baza danych: DATABASE_URL=postgres://... albo SQLite w DATA_DIR (domyślnie ./data).
Pliki: w DATA_DIR albo w magazynie S3, gdy ustawiono FILES_S3_URL.`;

class UsageError extends Error {}

function check<T>(schema: ZodType<T>, value: unknown, name: string): T {
  if (value === undefined) throw new UsageError(`Brak wymaganej opcji --${name}.`);
  const r = schema.safeParse(value);
  if (!r.success) throw new UsageError(`--${name}: ${r.error.issues[0]?.message ?? 'niepoprawna wartość'}`);
  return r.data;
}

async function orgCreate(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      prefix: { type: 'string' },
      admin: { type: 'string' },
      password: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      'tax-id': { type: 'string' },
      address: { type: 'string' },
      'post-code-city': { type: 'string' },
      country: { type: 'string' },
    },
    strict: true,
  });
  const prefix = check(orgPrefixSchema, values.prefix, 'prefix');
  const admin = check(loginUserSchema, values.admin, 'admin');
  const password = check(passwordSchema, values.password, 'password');
  const email = check(emailSchema, values.email, 'email');
  // The organisation's data with org:update's checks; a blank value is a value not given.
  const org: OrganizationUpdate = {};
  for (const [field, option] of Object.entries(ORG_FIELDS)) {
    const value = values[option];
    if (value === undefined || value.trim() === '') continue;
    const r = organizationUpdateSchema.shape[field as keyof typeof ORG_FIELDS].safeParse(value);
    if (!r.success) throw new UsageError(`--${option}: ${r.error.issues[0]?.message ?? 'niepoprawna wartość'}`);
    org[field as keyof typeof ORG_FIELDS] = r.data;
  }
  // Loaded only now: --help and argument errors answer at once, without the server's modules.
  const { openAndMigrate } = await import('./server');
  const { createOrganization } = await import('./modules/registration');
  const { consoleLog } = await import('./platform/context');
  const { database, deps } = await openAndMigrate();
  try {
    const { login } = await createOrganization(
      { deps, db: deps.db, ip: 'cli', locale: 'pl', log: consoleLog },
      {
        prefix,
        name: org.name ?? prefix,
        taxId: org.taxId ?? '',
        address: org.address ?? '',
        postCodeCity: org.postcodeCity ?? '',
        countryCode: org.country ?? 'PL',
        adminUser: admin,
        adminPass: password,
        adminEmail: email,
        adminTel: '',
        adminName: admin,
      },
    ).catch(optionError);
    console.log(`Utworzono organizację "${prefix}". Login administratora: ${login}`);
    console.log(login);
  } finally {
    await database.destroy();
  }
}

/** org:update's options of the organisation's fields, and of every field a server error may name. */
const ORG_FIELDS = {
  name: 'name',
  taxId: 'tax-id',
  address: 'address',
  postcodeCity: 'post-code-city',
  country: 'country',
} as const;
const OPTION_OF: Record<string, string> = {
  ...ORG_FIELDS,
  INVOICE_PLACE_OF_ISSUE: 'place-of-issue',
  INVOICE_BANK_NAME: 'bank-name',
  INVOICE_BANK_ACCOUNT: 'bank-account',
};

/** Rethrows a server error that names a field as a usage error naming the CLI's option instead. */
function optionError(err: unknown): never {
  const option = err instanceof AppError && err.field ? OPTION_OF[err.field] : undefined;
  throw option && err instanceof AppError ? new UsageError(`--${option}: ${err.message}`) : err;
}

/** org:update: the organisation's own data and its seller options (docs/decisions.md, Seller's data on invoices). */
async function orgUpdate(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      prefix: { type: 'string' },
      name: { type: 'string' },
      'tax-id': { type: 'string' },
      address: { type: 'string' },
      'post-code-city': { type: 'string' },
      country: { type: 'string' },
      'place-of-issue': { type: 'string' },
      'bank-name': { type: 'string' },
      'bank-account': { type: 'string' },
    },
    strict: true,
  });
  const prefix = check(orgPrefixSchema, values.prefix, 'prefix');
  const input: Record<string, unknown> = {};
  for (const [field, option] of Object.entries(ORG_FIELDS)) {
    const value = values[option];
    if (value === undefined) continue;
    const r = organizationUpdateSchema.shape[field as keyof typeof ORG_FIELDS].safeParse(value);
    if (!r.success) throw new UsageError(`--${option}: ${r.error.issues[0]?.message ?? 'niepoprawna wartość'}`);
    input[field] = r.data;
  }
  const seller = {
    INVOICE_PLACE_OF_ISSUE: values['place-of-issue'],
    INVOICE_BANK_NAME: values['bank-name'],
    INVOICE_BANK_ACCOUNT: values['bank-account'],
  };
  if (Object.keys(input).length === 0 && Object.values(seller).every((v) => v === undefined))
    throw new UsageError('Podaj co najmniej jedną daną do zmiany, np. --name albo --tax-id.');
  const { openAndMigrate } = await import('./server');
  const { updateOrganization } = await import('./modules/organizations');
  const { database, deps } = await openAndMigrate();
  try {
    const updated = await updateOrganization(deps.db, prefix, organizationUpdateSchema.parse(input), seller).catch(
      optionError,
    );
    if (!updated) throw new UsageError(`Nie ma organizacji o prefiksie "${prefix}".`);
    const o = updated.organization;
    const account = updated.options.INVOICE_BANK_ACCOUNT ?? '';
    console.log(`Zmieniono dane organizacji "${prefix}":`);
    console.log(`  Nazwa: ${o.name}`);
    console.log(`  NIP: ${o.taxId || '-'}`);
    console.log(`  Adres: ${o.address || '-'}, ${o.postCodeCity || '-'}, ${o.countryCode}`);
    console.log(`  Miejsce wystawienia faktur: ${updated.options.INVOICE_PLACE_OF_ISSUE || '-'}`);
    console.log(`  Bank: ${updated.options.INVOICE_BANK_NAME || '-'}`);
    console.log(`  Numer konta: ${account ? formatBankAccount(account) : '-'}`);
  } finally {
    await database.destroy();
  }
}

/**
 * stock:verify: every item whose stock differs from the sum of its committed changes, found by
 * one grouped query (docs/decisions.md, Stock ledger). Answers the exit code: 0 none, 1 some.
 */
async function stockVerify(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { prefix: { type: 'string' } }, strict: true });
  const prefix = check(orgPrefixSchema, values.prefix, 'prefix');
  const { openAndMigrate } = await import('./server');
  const { organizationsRepository } = await import('./modules/organizations');
  const { verifyLedger } = await import('./modules/stock');
  const { TenantDb } = await import('./db/tenant');
  const { database, deps } = await openAndMigrate();
  try {
    const org = await organizationsRepository.findByPrefix(deps.db, prefix);
    if (!org) throw new UsageError(`Nie ma organizacji o prefiksie "${prefix}".`);
    const { items, differences } = await verifyLedger(new TenantDb(deps.db, org.id));
    if (differences.length === 0) {
      console.log(`OK: ${items} items, 0 differences`);
      return 0;
    }
    console.log('Towary, których stan różni się od sumy zatwierdzonych zmian (kod; stan; suma zmian):');
    for (const d of differences) console.log(`${d.code}; ${d.stock}; ${d.ledger}`);
    console.log(
      `DIFFERENCES: ${items} items, ${differences.length} ${differences.length === 1 ? 'difference' : 'differences'}`,
    );
    return 1;
  } finally {
    await database.destroy();
  }
}

/** demo:seed: a demonstration organisation with a reproducible catalogue (docs/performance.md). */
async function demoSeed(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      prefix: { type: 'string' },
      password: { type: 'string' },
      items: { type: 'string' },
      orders: { type: 'string' },
      moto: { type: 'boolean' },
    },
    strict: true,
  });
  const prefix = check(orgPrefixSchema, values.prefix, 'prefix');
  const password = check(passwordSchema, values.password, 'password');
  const items = values.items === undefined ? 1_000_000 : Number(values.items);
  if (!Number.isInteger(items) || items < 0 || items > 5_000_000)
    throw new UsageError('--items: liczba towarów musi być liczbą całkowitą od 0 do 5000000.');
  const orders = values.orders === undefined ? 0 : Number(values.orders);
  if (!Number.isInteger(orders) || orders < 0 || orders > 5_000_000)
    throw new UsageError('--orders: liczba zamówień musi być liczbą całkowitą od 0 do 5000000.');
  const { openAndMigrate } = await import('./server');
  const { seedDemo } = await import('./demo/demo-seed');
  const { database, deps } = await openAndMigrate();
  try {
    console.log(`Tworzę organizację "${prefix}" z ${items} towarami i ${orders} zamówieniami (${database.engine})...`);
    const result = await seedDemo(database, deps, {
      prefix,
      password,
      items,
      orders,
      plugins: values.moto ? ['moto'] : [],
      log: (line) => console.log(line),
    });
    console.log(`Gotowe w ${(result.totalMs / 1000).toFixed(1)} s. Login administratora: ${result.login}`);
    console.log(result.login);
  } finally {
    await database.destroy();
  }
}

/** backup --out FILE / restore --from FILE (docs/operations.md). */
async function backupOrRestore(command: 'backup' | 'restore', args: string[]): Promise<void> {
  const option = command === 'backup' ? 'out' : 'from';
  const { values } = parseArgs({ args, options: { [option]: { type: 'string' } }, strict: true });
  const file = values[option];
  if (typeof file !== 'string' || file.trim() === '') throw new UsageError(`Brak wymaganej opcji --${option}.`);
  const { loadConfig } = await import('./config');
  const { backupDatabase, restoreDatabase } = await import('./backup');
  if (command === 'backup') console.log(await backupDatabase(loadConfig(), file));
  else for (const line of await restoreDatabase(loadConfig(), file)) console.log(line);
}

/**
 * secrets:rotate: every plugin secret under an older key re-encrypted with the current one
 * (platform/plugin-settings/rotate.ts; docs/operations.md, Plugin secrets). Answers the exit code.
 */
async function secretsRotate(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { batch: { type: 'string' } }, strict: true });
  const batchSize = values.batch === undefined ? 500 : Number(values.batch);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000)
    throw new UsageError('--batch: liczba wartości w partii musi być liczbą całkowitą od 1 do 10000.');
  const { openAndMigrate } = await import('./server');
  const { MissingRotationKeysError, rotatePluginSecrets, secretKeyRing } = await import('./platform/plugin-settings');
  const { database, deps } = await openAndMigrate();
  try {
    const ring = secretKeyRing(deps.config, { create: false });
    if (ring) console.log(`Bieżący klucz: "${ring.current.id}" (${ring.source}).`);
    const report = await rotatePluginSecrets(deps.db, ring, {
      batchSize,
      onBatch: (n) => console.log(`Przeszyfrowano dotąd: ${n}`),
    }).catch((err: unknown) => {
      if (!(err instanceof MissingRotationKeysError)) throw err;
      console.error(
        `Błąd: wartości tajne zaszyfrowane kluczami, których nie ma w pierścieniu kluczy: ${err.missing
          .map((m) => `"${m.keyId}" (${m.rows})`)
          .join(', ')}. Dopisz te klucze do SECRETS_KEYS za bieżącym kluczem i uruchom ponownie; nic nie zmieniono.`,
      );
      return undefined;
    });
    if (!report) return 1;
    for (const f of report.failed) {
      console.log(
        `Nie da się odszyfrować (dane zmienione): organizacja ${f.orgId}, plugin ${f.pluginId}, pole ${f.name}`,
      );
    }
    console.log(
      `Gotowe: przeszyfrowano ${report.rotated}, już pod bieżącym kluczem ${report.alreadyCurrent}, zmienione w trakcie (pominięte) ${report.skipped}, nie do odszyfrowania ${report.failed.length}.`,
    );
    console.log(
      `ROTATED ${report.rotated} CURRENT ${report.alreadyCurrent} SKIPPED ${report.skipped} FAILED ${report.failed.length}`,
    );
    return report.failed.length === 0 ? 0 : 1;
  } finally {
    await database.destroy();
  }
}

/** secrets:keygen: one new `id:base64key` entry for SECRETS_KEYS. */
async function secretsKeygen(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { id: { type: 'string' } }, strict: true });
  const { generateKeyEntry, SECRET_KEY_ID_PATTERN } = await import('./platform/plugin-settings/key-ring');
  if (values.id !== undefined && !SECRET_KEY_ID_PATTERN.test(values.id))
    throw new UsageError('--id: 1-40 liter, cyfr, znaków "_", "." lub "-".');
  console.log(generateKeyEntry(values.id));
}

/**
 * files:migrate --to s3|local: every application file copied between DATA_DIR and FILES_S3_URL,
 * each checked by MD5 on both sides, resumable (platform/file-storage/migrate.ts; docs/operations.md,
 * Moving the files). Needs no database. Answers the exit code: 0 all copied and verified, 1 not.
 */
async function filesMigrate(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { to: { type: 'string' } }, strict: true });
  if (values.to !== 's3' && values.to !== 'local')
    throw new UsageError(
      '--to: podaj s3 (z folderu DATA_DIR do FILES_S3_URL) albo local (z FILES_S3_URL do DATA_DIR).',
    );
  const { loadConfig } = await import('./config');
  const { FolderStorage, S3Storage, FileStorageUnavailable } = await import('./platform/file-storage');
  const { migrateFiles } = await import('./platform/file-storage/migrate');
  const config = loadConfig();
  if (!config.filesS3)
    throw new UsageError(
      'Nie ustawiono FILES_S3_URL: podaj magazyn S3, np. FILES_S3_URL=s3://KLUCZ:SEKRET@host:9000/kubelek?forcePathStyle=true.',
    );
  const folder = new FolderStorage(config.dataDir);
  const s3 = new S3Storage(config.filesS3);
  const [from, to] = values.to === 's3' ? [folder, s3] : [s3, folder];
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(`Kopiuję pliki: ${from.where} -> ${to.where}`);
  try {
    const counts = await migrateFiles(from, to, {
      onProgress: (c) =>
        console.log(`Sprawdzono ${c.checked}: skopiowano ${c.copied}, już były ${c.present}, błędy ${c.failed}`),
      onFailure: (key, reason) => console.log(`Nie skopiowano ${key}: ${reason}`),
    });
    console.log(
      `Gotowe: sprawdzono ${counts.checked} plików; skopiowano ${counts.copied} (${mb(counts.bytes)}), już były i zgadzały się ${counts.present}, błędy ${counts.failed}.`,
    );
    console.log(`CHECKED ${counts.checked} COPIED ${counts.copied} PRESENT ${counts.present} FAILED ${counts.failed}`);
    return counts.failed === 0 ? 0 : 1;
  } catch (err) {
    if (!(err instanceof FileStorageUnavailable)) throw err;
    console.error(
      `Błąd: magazyn plików nie odpowiada (${err.message}). Uruchom ponownie, gdy odpowie: skopiowane pliki zostaną pominięte.`,
    );
    return 1;
  } finally {
    await s3.close();
  }
}

/** node:util parseArgs speaks English; the CLI answers in Polish like the rest of the product. */
function parseArgsMessage(code: string, message: string): string {
  const option = /'(-[^' ]+)/.exec(message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `Nieznana opcja ${option}.`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return `Opcja ${option} wymaga wartości.`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return 'Nieoczekiwany argument.';
  return 'Niepoprawne argumenty.';
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    console.log(HELP);
    return command ? 0 : 2;
  }
  try {
    if (command === 'org:create') {
      await orgCreate(rest);
      return 0;
    }
    if (command === 'org:update') {
      await orgUpdate(rest);
      return 0;
    }
    if (command === 'stock:verify') return await stockVerify(rest);
    if (command === 'backup' || command === 'restore') {
      await backupOrRestore(command, rest);
      return 0;
    }
    if (command === 'secrets:rotate') return await secretsRotate(rest);
    if (command === 'secrets:keygen') {
      await secretsKeygen(rest);
      return 0;
    }
    if (command === 'files:migrate') return await filesMigrate(rest);
    if (command === 'demo:seed') {
      await demoSeed(rest);
      return 0;
    }
    throw new UsageError(`Nieznane polecenie "${command}". Zobacz: npm run cli -- --help`);
  } catch (err) {
    if (err instanceof UsageError || err instanceof AppError) {
      console.error(`Błąd: ${err.message}`);
      return 2;
    }
    if (
      err instanceof TypeError &&
      'code' in err &&
      String((err as { code: unknown }).code).startsWith('ERR_PARSE_ARGS')
    ) {
      console.error(`Błąd: ${parseArgsMessage(String(err.code), err.message)} Zobacz: npm run cli -- --help`);
      return 2;
    }
    console.error(`Błąd: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
