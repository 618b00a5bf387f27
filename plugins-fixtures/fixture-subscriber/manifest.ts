import { defineManifest } from '@zaplecze/contract';

/** A fixture plugin that subscribes to every core event and records what it received. */
export const manifest = defineManifest({
  id: 'fixture-subscriber',
  name: 'Dziennik zdarzeń testowy',
  desc: 'Wtyczka testowa: zapisuje zdarzenia rdzenia, które otrzymała.',
  version: '1.0.0',
  dependsOn: [],
});
