import { definePlugin } from '@zaplecze/plugin-sdk';
import { manifest } from '../manifest';

export default definePlugin({
  manifest,
  server: () => {
    throw new Error('awaria przy ładowaniu (celowa)');
  },
});
