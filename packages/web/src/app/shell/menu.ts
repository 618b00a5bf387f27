import { hasPermissionForScreen, type MenuPlugin, type PluginMenuCategory } from '@zaplecze/contract';
import { m } from '@web/i18n';

export interface MenuEntry {
  /** Matched against the route's activeId list. */
  id: string;
  label: string;
  icon: string;
  /** App path, or an absolute URL opened in a new tab when `external` is set. */
  path: string;
  external?: boolean;
}

export interface MenuGroup {
  id: string;
  /** No heading for the unnamed top group. */
  title?: string;
  icon?: string;
  entries: MenuEntry[];
  /** Collapsible groups inside this one: the plugins of a category, each with its tabs. */
  subgroups?: MenuGroup[];
}

/**
 * The core menu (docs/rules/platform-rules.md §2). Entries appear as their screens are built; Marketplace, Shops,
 * Carriers and Others hold plugin tabs and are shown only when something fills them.
 */
export function coreMenu(opts: { desktopAppUrl?: string; permissions?: string }): MenuGroup[] {
  const t = m().menu;
  const top: MenuEntry[] = [{ id: 'home', label: t.home, icon: 'bi-house', path: '/' }];
  // Goods screens need main.items.show (the screens' substring rule, docs/rules/platform-rules.md §6).
  if (hasPermissionForScreen(opts.permissions ?? '', 'main.items.show')) {
    top.push(
      { id: 'items', label: t.items, icon: 'bi-box-seam', path: '/items' },
      { id: 'items-barcode-reader', label: t.itemsReader, icon: 'bi-upc-scan', path: '/items-barcode-reader' },
      { id: 'warehouse-changes', label: t.warehouseChanges, icon: 'bi-arrow-left-right', path: '/warehouse-changes' },
    );
  }
  // Orders need main.order.show, their summary main.order.summary.show (docs/rules/platform-rules.md §6).
  if (hasPermissionForScreen(opts.permissions ?? '', 'main.order.show')) {
    top.push({ id: 'orders', label: t.orders, icon: 'bi-cart-check', path: '/orders' });
  }
  // The order reader changes orders (sizes, statuses, dispatch): main.order.edit.
  if (hasPermissionForScreen(opts.permissions ?? '', 'main.order.edit')) {
    top.push({
      id: 'orders-barcode-reader',
      label: t.ordersReader,
      icon: 'bi-upc-scan',
      path: '/orders-barcode-reader',
    });
  }
  if (hasPermissionForScreen(opts.permissions ?? '', 'main.order.summary.show')) {
    top.push({ id: 'orders-summary', label: t.ordersSummary, icon: 'bi-graph-up', path: '/orders-summary' });
  }
  const options: MenuEntry[] = [
    { id: 'settings', label: t.settings, icon: 'bi-sliders', path: '/settings/main' },
    { id: 'barcode-prints', label: t.barcodePrints, icon: 'bi-upc-scan', path: '/barcode-prints' },
    { id: 'users', label: t.users, icon: 'bi-people', path: '/users' },
  ];
  if (hasPermissionForScreen(opts.permissions ?? '', 'main.plugins.manage')) {
    options.push({ id: 'plugins-management', label: t.plugins, icon: 'bi-puzzle', path: '/plugins-management' });
  }
  // The API reference is for administrators, who write scripts against the API (docs/api.md).
  if (hasPermissionForScreen(opts.permissions ?? '', 'main.admin')) {
    options.push({ id: 'api-reference', label: t.apiReference, icon: 'bi-code-slash', path: '/api-reference' });
  }
  if (opts.desktopAppUrl) {
    options.push({
      id: 'desktop-app',
      label: t.desktopApp,
      icon: 'bi-download',
      path: opts.desktopAppUrl,
      external: true,
    });
  }
  return [
    { id: 'top', entries: top },
    { id: 'marketplace', title: t.marketplace, icon: 'bi-shop', entries: [] },
    { id: 'shops', title: t.shops, icon: 'bi-cart', entries: [] },
    { id: 'carriers', title: t.carriers, icon: 'bi-truck', entries: [] },
    { id: 'others', title: t.others, icon: 'bi-grid', entries: [] },
    { id: 'options', title: t.options, icon: 'bi-gear', entries: options },
  ];
}

/** The core group each plugin menu category goes into. */
const CATEGORY_GROUP: Record<PluginMenuCategory, string> = {
  Marketplace: 'marketplace',
  Shops: 'shops',
  Carriers: 'carriers',
  Others: 'others',
};

/** A manifest icon as a bootstrap-icons class: 'bi-upload' and 'upload' both work. */
export const iconClass = (icon: string) => (icon.startsWith('bi-') ? icon : `bi-${icon}`);

/** The host page of a plugin tab (docs/rules/platform-rules.md §2: plugin/{name}?controller={path}). */
export const pluginTabPath = (pluginId: string, path: string) =>
  `/plugin/${encodeURIComponent(pluginId)}?controller=${encodeURIComponent(path)}`;

/** The menu id of a plugin tab: the side menu highlights it on its host page. */
export const pluginTabId = (pluginId: string, path: string) => `plugin:${pluginId}:${path}`;

/**
 * The core menu with the installed plugins' groups (GET /plugin_menu): each plugin becomes a
 * collapsible group with its own icon inside its category (Marketplace, Shops, Carriers, Others),
 * its tabs linking to the host page. A category with no plugin stays hidden.
 */
export function withPluginMenu(groups: MenuGroup[], plugins: readonly MenuPlugin[]): MenuGroup[] {
  if (plugins.length === 0) return groups;
  return groups.map((g) => {
    const mine = plugins.filter((p) => CATEGORY_GROUP[p.category] === g.id && p.items.length > 0);
    if (mine.length === 0) return g;
    return {
      ...g,
      subgroups: mine.map((p) => ({
        id: `plugin-${p.pluginId}`,
        title: p.name,
        icon: iconClass(p.icon),
        entries: p.items.map((item) => ({
          id: pluginTabId(p.pluginId, item.path),
          label: item.tabName,
          icon: iconClass(item.icon),
          path: pluginTabPath(p.pluginId, item.path),
        })),
      })),
    };
  });
}
