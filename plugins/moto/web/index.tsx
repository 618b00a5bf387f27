import { lazy } from 'react';
import { api, defineWebPlugin } from '@zaplecze/plugin-sdk-web';
import { BASE } from './api';
import { fitmentDrafts } from './draft';

/**
 * The moto plugin's web part (docs/plugins.md, "The moto plugin"): the catalogue screen, the
 * item edit and preview sections, the mass edit section and the items search filter. Data and
 * lazy references only: every screen and section is its own chunk.
 */
export default defineWebPlugin({
  id: 'moto',
  screens: {
    catalogue: { title: 'Katalog motocykli', component: lazy(() => import('./CataloguePage')) },
  },
  register(slots) {
    slots.add('item.edit.sections', {
      id: 'fitments',
      component: lazy(() => import('./ItemFitmentsSection')),
      // The list the section changed (for a new item, kept under 'new') goes with the item's save.
      afterSave: async (item) => {
        const list = fitmentDrafts.take(item.id) ?? fitmentDrafts.take('new');
        if (!list) return;
        await api.put(`${BASE}/fitments`, {
          json: {
            itemId: item.id,
            fitments: list.map((f) => ({ modelId: f.modelId, yearFrom: f.yearFrom, yearTo: f.yearTo })),
          },
        });
      },
    });
    slots.add('item.preview.sections', { id: 'fitments', component: lazy(() => import('./FitmentsPreview')) });
    slots.add('items.massEdit.sections', { id: 'fitments', component: lazy(() => import('./MassFitments')) });
    slots.add('items.search.filters', {
      id: 'moto',
      params: ['motoMakeId', 'motoModelId', 'motoYear'],
      component: lazy(() => import('./MotoFilter')),
    });
  },
});
