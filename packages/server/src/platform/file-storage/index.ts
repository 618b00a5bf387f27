import type { Config } from '../../config';
import type { FileStorage } from './file-storage';
import { FolderStorage } from './folder';
import { S3Storage } from './s3';

export {
  assertKey,
  eachLimit,
  FileStorageUnavailable,
  type FileStorage,
  type OpenedFile,
  type SizedStream,
} from './file-storage';
export { FolderStorage } from './folder';
export { S3Storage, S3_LIMITS, type S3Limits } from './s3';
export { describeS3, parseS3Url, type S3Location } from './s3-url';

/** What picks the storage: FILES_S3_URL when set, else the folder DATA_DIR. */
export type StorageConfig = Pick<Config, 'dataDir' | 'filesS3'>;

const storages = new WeakMap<StorageConfig, FileStorage>();

/**
 * The file storage of a configuration: one per configuration object, made at its first use (one S3
 * client with its kept-alive connections per process), until closeFileStorage.
 */
export function fileStorage(config: StorageConfig): FileStorage {
  let storage = storages.get(config);
  if (!storage) {
    storage = config.filesS3 ? new S3Storage(config.filesS3) : new FolderStorage(config.dataDir);
    storages.set(config, storage);
  }
  return storage;
}

/** Closes the storage of `config` (the server's close); a later use makes a new one. */
export async function closeFileStorage(config: StorageConfig): Promise<void> {
  const storage = storages.get(config);
  storages.delete(config);
  await storage?.close();
}
