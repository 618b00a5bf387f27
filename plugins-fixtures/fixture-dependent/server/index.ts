import { z } from 'zod';
import { definePlugin, route } from '@zaplecze/plugin-sdk';
import { manifest } from '../manifest';

export default definePlugin({
  manifest,
  server: () => ({
    routes: [
      route({
        method: 'GET',
        url: '/hello',
        access: 'authenticated',
        summary: 'Powitanie',
        response: z.object({ hello: z.string() }),
        handler: async () => ({ hello: 'tak' }),
      }),
    ],
  }),
});
