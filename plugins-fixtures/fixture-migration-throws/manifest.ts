import { defineManifest } from '@zaplecze/contract';

/** A fixture plugin whose second migration throws. */
export const manifest = defineManifest({
  id: 'fixture-migration-throws',
  name: 'Wtyczka psująca się przy migracji',
  desc: 'Wtyczka testowa: druga migracja rzuca wyjątek.',
  version: '1.0.0',
  dependsOn: [],
});
