import { definePlugin, route } from '@zaplecze/plugin-sdk';
import { manifest } from '../manifest';

export default definePlugin({
  manifest,
  server: () => ({
    routes: [route({ method: 'GET', url: '/hello', access: 'authenticated', handler: async () => ({ hello: 'tak' }) })],
  }),
});
