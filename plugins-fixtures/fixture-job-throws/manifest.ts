import { defineManifest } from '@zaplecze/contract';

/** A fixture plugin whose job always throws. */
export const manifest = defineManifest({
  id: 'fixture-job-throws',
  name: 'Wtyczka z psującym się zadaniem',
  desc: 'Wtyczka testowa: jej zadanie zawsze rzuca wyjątek.',
  version: '1.0.0',
  dependsOn: [],
});
