import { randomBytes } from 'node:crypto';
import { fileStorage, type StorageConfig } from '../platform/file-storage';

/**
 * A plugin's private files in the application's file storage (docs/plugins.md, The SDK surface):
 * uploads a job reads later, under key `plugin-files/<pluginId>/<orgId>/<name>` (in the folder
 * `{DATA_DIR}/plugin-files/...`, in S3 the object of that key). Names are random (32 hex characters
 * and an extension of the plugin's choice), written once, never a client's file name, so no path
 * can leave the folder. The job worker reads them from the same storage.
 */
const NAME = /^[a-f0-9]{32}\.[a-z0-9]{1,8}$/;
const PLUGIN_ID = /^[a-z][a-z0-9-]*$/;

function keyOf(pluginId: string, orgId: number, name: string): string {
  if (!NAME.test(name) || !PLUGIN_ID.test(pluginId)) throw new Error('invalid plugin file name');
  return `plugin-files/${pluginId}/${orgId}/${name}`;
}

export const pluginFiles = {
  /** Stores `data` under a new name (`ext` without the dot) and answers the name. */
  async save(config: StorageConfig, pluginId: string, orgId: number, data: Buffer, ext: string) {
    const name = `${randomBytes(16).toString('hex')}.${ext}`;
    await fileStorage(config).put(keyOf(pluginId, orgId, name), data);
    return name;
  },
  /** The stored bytes; throws (code ENOENT) when the file is gone. */
  async read(config: StorageConfig, pluginId: string, orgId: number, name: string): Promise<Buffer> {
    const data = await fileStorage(config).read(keyOf(pluginId, orgId, name));
    if (!data) throw Object.assign(new Error(`ENOENT: plugin file ${name} not found`), { code: 'ENOENT' });
    return data;
  },
  /**
   * Removes all of the organisation's files of the plugin (the platform does it after an uninstall
   * with "delete the data" has committed).
   */
  removeAll(config: StorageConfig, pluginId: string, orgId: number): Promise<void> {
    if (!PLUGIN_ID.test(pluginId)) throw new Error('invalid plugin id');
    return fileStorage(config).deletePrefix(`plugin-files/${pluginId}/${orgId}/`);
  },
  /** Removes the file; an already missing one is fine. */
  remove(config: StorageConfig, pluginId: string, orgId: number, name: string): Promise<void> {
    return fileStorage(config).delete([keyOf(pluginId, orgId, name)]);
  },
};
