import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One vitest run covers every layer (see scripts/test.mjs, which adds the loud notices and the
 * summary line). Projects:
 * - unit / unit-web: pure logic (node) and web components (jsdom);
 * - api-sqlite / api-postgres: the same *.api.test.ts files through real HTTP on each engine;
 *   PostgreSQL only when TEST_DATABASE_URL is set;
 * - e2e: browser tests, only when Chromium is there (or REQUIRE_E2E=1, which then fails loudly).
 */
const root = fileURLToPath(new URL('.', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
const wantE2e = fs.existsSync(CHROMIUM) || process.env.REQUIRE_E2E === '1';

const API_TESTS = [
  'packages/server/src/**/*.api.test.ts',
  'plugins/**/*.api.test.ts',
  'plugins-fixtures/**/*.api.test.ts',
];

function apiProject(engine: 'sqlite' | 'postgres'): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name: `api-${engine}`,
      include: API_TESTS,
      environment: 'node',
      // ZAPLECZE_TEST_PLUGINS: the fixture plugins of plugins-fixtures/ are registered (docs/plugins.md).
      env: { TEST_DB_ENGINE: engine, ZAPLECZE_TEST_PLUGINS: '1' },
      // Each file starts its own server and database; a slow argon2 hash or a CREATE DATABASE
      // must not trip the default 5 s limit on a busy 2-core machine.
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // The compiled server that the files' child processes run (npm start, the CLI).
      globalSetup: ['packages/server/test/global-setup.ts'],
      // A worker runs its files one after another in one module graph: the server's code is
      // imported once per worker instead of once per file (the import was about a third of an API
      // file's time). Every file still starts its own server on a fresh database; the server keeps
      // no state in modules that one server could leak to the next (several files already start
      // more than one server).
      isolate: false,
    },
  };
}

const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      name: 'unit',
      include: [
        'packages/contract/src/**/*.test.ts',
        'packages/server/src/**/*.unit.test.ts',
        'plugins/**/*.unit.test.ts',
        'plugins-fixtures/**/*.unit.test.ts',
      ],
      environment: 'node',
    },
  },
  {
    extends: true,
    test: {
      name: 'unit-web',
      // Plugins' web parts too (plugins/<id>/web/*.test.tsx).
      include: ['packages/web/src/**/*.test.{ts,tsx}', 'plugins/*/web/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      // A screen rendered in jsdom takes well under a second alone, but up to 5 s beside the API
      // forks on a loaded 2-core machine: the default limit failed three such tests there.
      testTimeout: 20_000,
    },
  },
  apiProject('sqlite'),
];
if (hasPostgres) projects.push(apiProject('postgres'));
if (wantE2e) {
  projects.push({
    extends: true,
    test: {
      name: 'e2e',
      include: ['e2e/**/*.e2e.test.ts'],
      environment: 'node',
      // ZAPLECZE_TEST_PLUGINS: the fixture plugins are registered (not installed: menus stay the
      // same until a test installs one); the e2e web build has their web parts (e2e/support/build-web.ts).
      env: { CHROMIUM_PATH: CHROMIUM, ZAPLECZE_TEST_PLUGINS: '1' },
      // Builds the web app and starts the one shared Chromium before any browser file starts.
      globalSetup: ['e2e/support/global-setup.ts'],
      testTimeout: 60_000,
      hookTimeout: 180_000,
      // Browsers run after the API suites: Chromium next to two API forks starves 2 cores.
      sequence: { groupOrder: 1 },
      maxWorkers: 2,
      // A worker runs its browser files one after another in one module graph: the server's code
      // (imported by every file through the harness) is loaded once per worker, not once per file
      // (that import was about a sixth of the phase). Each file still starts its own server on a
      // fresh database and opens fresh browser contexts; the server keeps no state in modules that
      // would leak between two servers (a file like home.e2e.test.ts already runs two in one graph).
      isolate: false,
    },
  });
}

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@server\/(.*)$/, replacement: `${root}packages/server/src/$1` },
      { find: /^@zaplecze\/plugin-sdk$/, replacement: `${root}packages/server/src/plugin-sdk/index.ts` },
      { find: /^@web\/(.*)$/, replacement: `${root}packages/web/src/$1` },
      { find: /^@zaplecze\/plugin-sdk-web$/, replacement: `${root}packages/web/src/plugin-sdk/index.ts` },
    ],
  },
  test: {
    projects,
    // Forks, not threads: better-sqlite3 and pg hold native handles and each API file runs a
    // real server; two cores take three workers well because API tests mostly wait on I/O.
    pool: 'forks',
    maxWorkers: process.env.VITEST_MAX_WORKERS ? Number(process.env.VITEST_MAX_WORKERS) : 3,
    passWithNoTests: true,
    exclude: ['**/node_modules/**', '**/dist/**', '**/data/**', '**/.tmp/**'],
  },
});
