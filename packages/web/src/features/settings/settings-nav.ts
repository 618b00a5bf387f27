import { m } from '@web/i18n';
import type { MissingList } from '@web/ui/MissingListsAlert';
import { settingsText } from './texts';

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
  // Entry labels are the route titles (eager), so the navigation loads no other feature's texts.
  const t = m().titles;
  const s = settingsText();
  return [
    {
      id: 'settings',
      title: s.nav.settings,
      entries: [
        settingsEntry('main', t.settingsMain, 'bi-sliders'),
        settingsEntry('vat', t.settingsVat, 'bi-percent'),
        settingsEntry('currencies', t.settingsCurrencies, 'bi-currency-exchange'),
        settingsEntry('invoice', t.settingsInvoice, 'bi-receipt'),
        settingsEntry('orders', t.settingsOrders, 'bi-cart-check'),
        settingsEntry('print', t.settingsPrint, 'bi-printer'),
      ],
    },
    {
      id: 'dictionaries',
      title: s.nav.dictionaries,
      entries: [
        listEntry('categories', t.categories, 'bi-diagram-3'),
        listEntry('places', t.places, 'bi-geo-alt'),
        listEntry('item-statuses', t.itemStatuses, 'bi-tag'),
        listEntry('item-groups', t.itemGroups, 'bi-collection'),
        listEntry('additional-descs', t.additionalDescs, 'bi-card-text'),
        listEntry('delivery-price-lists', t.deliveryPriceLists, 'bi-cash-stack'),
        listEntry('delivery-times', t.deliveryTimes, 'bi-clock'),
        listEntry('parameters', t.parameters, 'bi-list-check'),
        listEntry('order-statuses', t.orderStatuses, 'bi-flag'),
        listEntry('income-sources', t.incomeSources, 'bi-wallet2'),
        listEntry('user-sizes', t.userSizes, 'bi-rulers'),
      ],
    },
  ];
}

/**
 * Where a settings screen or reference list is (its nav id: 'settings-vat', 'order-statuses'), as
 * the user walks there: its path and 'Ustawienia → Słowniki → Statusy zamówień' in the menu's own
 * names (docs/decisions.md, Starter data of a new organisation).
 */
export function settingsPlace(id: string): { path: string; trail: string } | undefined {
  for (const group of settingsNav()) {
    const entry = group.entries.find((e) => e.id === id);
    if (!entry) continue;
    const steps = [m().menu.settings, ...(group.id === 'settings' ? [] : [group.title]), entry.label];
    return { path: entry.path, trail: steps.join(' → ') };
  }
  return undefined;
}

/** The missing lists among `checks` ([nav id, what is missing, is it empty]) with where to fill each. */
export function missingLists(checks: readonly (readonly [string, string, boolean])[]): MissingList[] {
  return checks.flatMap(([id, what, empty]) => {
    const place = empty ? settingsPlace(id) : undefined;
    return place ? [{ id, what, ...place }] : [];
  });
}
