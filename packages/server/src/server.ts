import { loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
import { svgCaptchaGenerator } from './platform/captcha';
import type { AppDeps } from './platform/context';

/** Opens the configured database and migrates it; the same for the server and the CLI. */
export async function openAndMigrate(config: Config = loadConfig()): Promise<{ database: Database; deps: AppDeps }> {
  const database = openDatabase(config);
  await migrate(database);
  const deps: AppDeps = {
    config,
    db: database.db,
    engine: database.engine,
    captcha: svgCaptchaGenerator,
    now: () => new Date(),
  };
  return { database, deps };
}
