import type { PluginDefinition } from '@zaplecze/plugin-sdk';
import fixtureBase from './fixture-base/server';
import fixtureDependent from './fixture-dependent/server';
import fixtureJobThrows from './fixture-job-throws/server';
import fixtureLoadThrows from './fixture-load-throws/server';
import fixtureMigrationThrows from './fixture-migration-throws/server';
import fixtureOutside from './fixture-outside/server';
import fixtureSubscriber from './fixture-subscriber/server';

/**
 * Test-only plugins (docs/plugins.md, Testing), registered only when ZAPLECZE_TEST_PLUGINS=1 (the
 * API test projects set it): a healthy one with a table, routes, a menu, a permission, settings and
 * a job and schedule (`fixture-base`), one depending on it (`fixture-dependent`), and three that fail
 * on purpose, at load, in a migration and in a job (also its subscription to `items.saved`), to prove
 * each failure stays contained; `fixture-subscriber` subscribes to every core event; `fixture-outside`
 * adds a carrier and calls an outside service (platform/outside).
 */
export const fixturePlugins: PluginDefinition[] = [
  fixtureBase,
  fixtureDependent,
  fixtureLoadThrows,
  fixtureMigrationThrows,
  fixtureJobThrows,
  fixtureSubscriber,
  fixtureOutside,
];
