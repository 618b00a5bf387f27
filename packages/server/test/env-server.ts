import { loadConfig } from '../src/config';
import { createApp, openAndMigrate } from '../src/server';

/**
 * A real server on the database an environment names (DATA_DIR / DATABASE_URL), as `npm start`
 * would open it: for tests that run the admin CLI against the same data (org:create, backup,
 * restore) and must stop and start the server around it.
 */
export async function startServerOn(env: NodeJS.ProcessEnv): Promise<{ url: string; close(): Promise<void> }> {
  const { database, deps } = await openAndMigrate(loadConfig(env), { serving: true });
  const { app } = await createApp({ ...deps, config: { ...deps.config, logLevel: 'silent' } }, { logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (err) {
    await database.destroy();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}
