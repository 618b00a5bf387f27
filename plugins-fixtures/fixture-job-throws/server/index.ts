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
    // A subscriber that always fails: the item is saved all the same (docs/plugins.md, Failure containment).
    subscriptions: { 'items.saved': 'fail' },
  }),
});
