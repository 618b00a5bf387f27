import { m } from '@web/i18n';

export interface SettingsNavEntry {
  /** Matched against the route's activeId list (router.tsx: settings-{path} or the list's path). */
  id: string;
  path: string;
  label: string;
  icon: string;
}

export interface SettingsNavGroup {
  id: string;
  title: string;
  entries: SettingsNavEntry[];
}

const settingsEntry = (path: string, label: string, icon: string): SettingsNavEntry => ({
  id: `settings-${path}`,
  path: `/settings/${path}`,
  label,
  icon,
});
const listEntry = (path: string, label: string, icon: string): SettingsNavEntry => ({
  id: path,
  path: `/${path}`,
  label,
  icon,
});

/** The settings navigation: the settings screens, then the reference lists ('Słowniki'). */
export function settingsNav(): SettingsNavGroup[] {
  const t = m();
  const s = t.settings;
  const l = t.lists;
  return [
    {
      id: 'settings',
      title: s.nav.settings,
      entries: [
        settingsEntry('main', s.mainTitle, 'bi-sliders'),
        settingsEntry('vat', s.vatTitle, 'bi-percent'),
        settingsEntry('currencies', s.currenciesTitle, 'bi-currency-exchange'),
        settingsEntry('invoice', s.invoiceTitle, 'bi-receipt'),
        settingsEntry('orders', s.ordersTitle, 'bi-cart-check'),
        settingsEntry('print', s.printTitle, 'bi-printer'),
      ],
    },
    {
      id: 'dictionaries',
      title: s.nav.dictionaries,
      entries: [
        listEntry('categories', t.trees.categories.title, 'bi-diagram-3'),
        listEntry('places', t.trees.places.title, 'bi-geo-alt'),
        listEntry('item-statuses', l.itemStatuses.title, 'bi-tag'),
        listEntry('item-groups', l.itemGroups.title, 'bi-collection'),
        listEntry('additional-descs', l.additionalDescs.title, 'bi-card-text'),
        listEntry('delivery-price-lists', l.deliveryPriceLists.title, 'bi-cash-stack'),
        listEntry('delivery-times', l.deliveryTimes.title, 'bi-clock'),
        listEntry('parameters', t.parameters.title, 'bi-list-check'),
        listEntry('order-statuses', l.orderStatuses.title, 'bi-flag'),
        listEntry('income-sources', l.incomeSources.title, 'bi-wallet2'),
        listEntry('user-sizes', t.userSizes.title, 'bi-rulers'),
      ],
    },
  ];
}
