import { JOB_DEFAULTS } from '../../platform/jobs';
import type { ServerModule } from '../../platform/module';
import { filesRoutes } from './files.routes';
import { purgeUnclaimed } from './files.service';

/**
 * Uploaded photos: POST /upload_image (JPEG/PNG by content, display size and thumbnail, metadata
 * dropped) and GET /image (the caller's organisation's files only). The items module keeps its
 * photos with the functions below, inside its own transaction; files on disk are removed or
 * copied just before commit (removed again after a rollback). `FilesDeps` is what the ones that
 * touch stored files need: pass `ctx.deps`.
 */
export const filesModule: ServerModule = {
  name: 'files',
  title: 'Zdjęcia',
  routes: filesRoutes,
  // Uploads no item claimed within an hour (docs/operations.md).
  coreSchedules: (deps) => [
    { key: 'core.files-purge', everyMinutes: JOB_DEFAULTS.maintenanceEveryMinutes, run: () => purgeUnclaimed(deps) },
  ],
};

export {
  claimFiles,
  copyFiles,
  deleteItemsFiles,
  probeFilesStorage,
  purgeUnclaimed,
  releaseFiles,
  storageQuotaBytes,
  storageUse,
  type FilesDeps,
} from './files.service';
/** For the demo seed, which gives a sample of its items real photos (demo/demo-photos.ts). */
export { processPhoto } from './image';
export { copyPhotos, newFileName, removePhotos, writePhoto } from './storage';
