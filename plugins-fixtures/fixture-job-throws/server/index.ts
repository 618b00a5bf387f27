import { definePlugin } from '@zaplecze/plugin-sdk';
import { manifest } from '../manifest';

export default definePlugin({
  manifest,
  server: () => ({
    jobs: [
      {
        name: 'fail',
        handler: async () => {
          throw new Error('awaria zadania (celowa)');
        },
      },
    ],
  }),
});
