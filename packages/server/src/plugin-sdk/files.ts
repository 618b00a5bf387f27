import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/**
 * A plugin's private files on disk (docs/plugins.md, The SDK surface): uploads a job reads later,
 * under `{DATA_DIR}/plugin-files/<pluginId>/<orgId>/<name>`. Names are random (32 hex characters
 * and an extension of the plugin's choice), written once, never a client's file name, so no path
 * can leave the folder. The job worker reads them from the same DATA_DIR.
 */
const NAME = /^[a-f0-9]{32}\.[a-z0-9]{1,8}$/;

function fileOf(config: Pick<Config, 'dataDir'>, pluginId: string, orgId: number, name: string): string {
  if (!NAME.test(name) || !/^[a-z][a-z0-9-]*$/.test(pluginId)) throw new Error('invalid plugin file name');
  return path.join(config.dataDir, 'plugin-files', pluginId, String(orgId), name);
}

export const pluginFiles = {
  /** Stores `data` under a new name (`ext` without the dot) and answers the name. */
  async save(config: Pick<Config, 'dataDir'>, pluginId: string, orgId: number, data: Buffer, ext: string) {
    const name = `${randomBytes(16).toString('hex')}.${ext}`;
    const file = fileOf(config, pluginId, orgId, name);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.writeFile(file, data, { flag: 'wx' });
    return name;
  },
  /** The stored bytes; throws when the file is gone. */
  read(config: Pick<Config, 'dataDir'>, pluginId: string, orgId: number, name: string): Promise<Buffer> {
    return fs.promises.readFile(fileOf(config, pluginId, orgId, name));
  },
  /**
   * Removes all of the organisation's files of the plugin (the platform does it after an uninstall
   * with "delete the data" has committed).
   */
  removeAll(config: Pick<Config, 'dataDir'>, pluginId: string, orgId: number): Promise<void> {
    if (!/^[a-z][a-z0-9-]*$/.test(pluginId)) throw new Error('invalid plugin id');
    return fs.promises.rm(path.join(config.dataDir, 'plugin-files', pluginId, String(orgId)), {
      recursive: true,
      force: true,
    });
  },
  /** Removes the file; an already missing one is fine. */
  remove(config: Pick<Config, 'dataDir'>, pluginId: string, orgId: number, name: string): Promise<void> {
    return fs.promises.rm(fileOf(config, pluginId, orgId, name), { force: true });
  },
};
