import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { m } from '@web/i18n';
import { GuestOnly, RequireAuth } from './guards';
import type { RouteHandle } from '@web/platform/route-handle';
import { PageSpinner } from '@web/ui/PageSpinner';
import { Bare } from './shell/Bare';

/** Route-level code splitting: each page is its own chunk, loaded on first visit. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const h = (title: string, activeId: string[] = []): RouteHandle => ({
  title,
  activeId,
});

type PageModule = () => Promise<{ default: ComponentType }>;

/** settings/{path}: highlighted as 'settings' and as its own entry of the settings navigation. */
const settingsRoute = (path: string, title: string, load: PageModule) => ({
  path: `settings/${path}`,
  handle: h(title, [`settings-${path}`]),
  lazy: page(load),
});

/** A reference list at the app root (docs/rules/platform-rules.md §2 route table), inside the settings layout. */
const listRoute = (path: string, title: string, load: PageModule) => ({
  path,
  handle: h(title, [path]),
  lazy: page(load),
});

/** The route table (docs/rules/platform-rules.md §2). Titles build the page title; activeId highlights the menu. */
export function createAppRouter() {
  const t = m();
  return createBrowserRouter([
    {
      element: <Bare />,
      HydrateFallback: PageSpinner,
      children: [
        {
          // Public (docs/rules/platform-rules.md §2, §6): works signed in and signed out, without menus.
          path: 'order-buyer-info',
          handle: h(t.titles.orderBuyerInfo),
          lazy: page(() => import('@web/features/order-buyer/OrderBuyerPage')),
        },
        {
          element: (
            <GuestOnly>
              <Outlet />
            </GuestOnly>
          ),
          children: [
            {
              path: 'login',
              handle: h(t.titles.login),
              lazy: page(() => import('@web/features/auth/LoginPage')),
            },
            {
              path: 'register',
              handle: h(t.titles.register),
              lazy: page(() => import('@web/features/register/RegisterPage')),
            },
          ],
        },
      ],
    },
    {
      HydrateFallback: PageSpinner,
      element: (
        <RequireAuth>
          <Outlet />
        </RequireAuth>
      ),
      children: [
        {
          // The shell (menus, dropdowns) is its own chunk: the login page does not load it.
          lazy: page(() => import('./shell/Shell')),
          children: [
            {
              index: true,
              handle: h(t.titles.home, ['home']),
              lazy: page(() => import('@web/features/home/HomePage')),
            },
            {
              path: 'profile-edit',
              handle: h(t.titles.profile, ['profile']),
              lazy: page(() => import('@web/features/profile/ProfilePage')),
            },
            {
              path: 'users',
              handle: h(t.titles.users, ['users']),
              children: [
                {
                  index: true,
                  lazy: page(() => import('@web/features/users/UsersPage')),
                },
                {
                  path: ':id',
                  handle: h(t.titles.userEdit, ['users']),
                  lazy: page(() => import('@web/features/users/UserEditPage')),
                },
              ],
            },
            // 'items/mass-edit' before 'items/:id' (the list route 'items' is its own entry).
            {
              path: 'items/mass-edit',
              handle: h(t.titles.itemsMassEdit, ['items']),
              lazy: page(() => import('@web/features/item-edit/MassEditPage')),
            },
            {
              path: 'items/:id',
              handle: h(t.titles.itemEdit, ['items']),
              lazy: page(() => import('@web/features/item-edit/ItemEditPage')),
            },
            {
              // w2 adds ':id' (item edit) and 'mass-edit' here.
              path: 'items',
              handle: h(t.titles.items, ['items']),
              children: [
                { index: true, lazy: page(() => import('@web/features/items/ItemsPage')) },
                {
                  path: 'generate-many',
                  handle: h(t.titles.itemsGenerate, ['items']),
                  lazy: page(() => import('@web/features/items/GenerateManyPage')),
                },
              ],
            },
            // 'orders/divide/:id' and 'orders/:id' (0 new, -1 new stationary); static paths win over ':id'.
            {
              path: 'orders/divide/:id',
              handle: h(t.titles.orderDivide, ['orders']),
              lazy: page(() => import('@web/features/order-divide/OrderDividePage')),
            },
            {
              path: 'orders/:id',
              handle: h(t.titles.orderEdit, ['orders']),
              lazy: page(() => import('@web/features/order-edit/OrderEditPage')),
            },
            {
              path: 'orders-summary',
              handle: h(t.titles.ordersSummary, ['orders-summary']),
              lazy: page(() => import('@web/features/orders-summary/OrdersSummaryPage')),
            },
            // 'orders/mass-edit' and 'orders': the static path wins over 'orders/:id' above.
            {
              path: 'orders/mass-edit',
              handle: h(t.titles.ordersMassEdit, ['orders']),
              lazy: page(() => import('@web/features/orders-mass-edit/OrdersMassEditPage')),
            },
            {
              path: 'orders',
              handle: h(t.titles.orders, ['orders']),
              lazy: page(() => import('@web/features/orders/OrdersPage')),
            },
            {
              path: 'barcode-prints',
              handle: h(t.titles.barcodePrints, ['barcode-prints']),
              lazy: page(() => import('@web/features/barcode-prints/BarcodePrintsPage')),
            },
            {
              path: 'warehouse-changes',
              handle: h(t.titles.warehouseChanges, ['warehouse-changes']),
              lazy: page(() => import('@web/features/warehouse-changes/WarehouseChangesPage')),
            },
            {
              path: 'items-barcode-reader',
              handle: h(t.titles.itemsBarcodeReader, ['items-barcode-reader']),
              lazy: page(() => import('@web/features/item-reader/ItemReaderPage')),
            },
            {
              // The packing bench; the menu shows it with main.order.edit, the server checks the same.
              path: 'orders-barcode-reader',
              handle: h(t.titles.ordersBarcodeReader, ['orders-barcode-reader']),
              lazy: page(() => import('@web/features/order-reader/OrderReaderPage')),
            },
            {
              // Plugins management (docs/rules/platform-rules.md §2): the actions need main.plugins.manage.
              path: 'plugins-management',
              handle: h(t.titles.pluginsManagement, ['plugins-management']),
              lazy: page(() => import('@web/features/plugins/PluginsManagementPage')),
            },
            {
              // The API reference for administrators (docs/api.md): the OpenAPI document, drawn.
              path: 'api-reference',
              handle: h(t.titles.apiReference, ['api-reference']),
              lazy: page(() => import('@web/features/api-reference/ApiReferencePage')),
            },
            {
              // The plugin host page: plugin/{name}?controller={path}; the screen sets the title.
              path: 'plugin/:pluginName',
              handle: h(''),
              lazy: page(() => import('@web/features/plugins/PluginHostPage')),
            },
            {
              // Settings and every reference list share one layout with the settings navigation.
              lazy: page(() => import('@web/features/settings/SettingsLayout')),
              handle: h('', ['settings']),
              children: [
                { path: 'settings', element: <Navigate to="/settings/main" replace /> },
                settingsRoute('main', t.titles.settingsMain, () => import('@web/features/settings/MainSettingsPage')),
                settingsRoute('vat', t.titles.settingsVat, () => import('@web/features/settings/VatSettingsPage')),
                settingsRoute(
                  'currencies',
                  t.titles.settingsCurrencies,
                  () => import('@web/features/settings/CurrencySettingsPage'),
                ),
                settingsRoute(
                  'invoice',
                  t.titles.settingsInvoice,
                  () => import('@web/features/settings/InvoiceSettingsPage'),
                ),
                settingsRoute(
                  'orders',
                  t.titles.settingsOrders,
                  () => import('@web/features/settings/OrderSettingsPage'),
                ),
                settingsRoute(
                  'print',
                  t.titles.settingsPrint,
                  () => import('@web/features/settings/PrintSettingsPage'),
                ),
                listRoute(
                  'additional-descs',
                  t.titles.additionalDescs,
                  () => import('@web/features/reference-lists/AdditionalDescsPage'),
                ),
                listRoute(
                  'delivery-price-lists',
                  t.titles.deliveryPriceLists,
                  () => import('@web/features/reference-lists/DeliveryPriceListsPage'),
                ),
                listRoute(
                  'delivery-times',
                  t.titles.deliveryTimes,
                  () => import('@web/features/reference-lists/DeliveryTimesPage'),
                ),
                listRoute(
                  'item-groups',
                  t.titles.itemGroups,
                  () => import('@web/features/reference-lists/ItemGroupsPage'),
                ),
                listRoute(
                  'item-statuses',
                  t.titles.itemStatuses,
                  () => import('@web/features/reference-lists/ItemStatusesPage'),
                ),
                listRoute(
                  'income-sources',
                  t.titles.incomeSources,
                  () => import('@web/features/reference-lists/IncomeSourcesPage'),
                ),
                listRoute(
                  'order-statuses',
                  t.titles.orderStatuses,
                  () => import('@web/features/reference-lists/OrderStatusesPage'),
                ),
                listRoute('user-sizes', t.titles.userSizes, () => import('@web/features/user-sizes/UserSizesPage')),
                listRoute(
                  'categories',
                  t.titles.categories,
                  () => import('@web/features/catalog-trees/CategoriesPage'),
                ),
                listRoute('places', t.titles.places, () => import('@web/features/catalog-trees/PlacesPage')),
                {
                  path: 'parameters',
                  handle: h(t.titles.parameters, ['parameters']),
                  children: [
                    { index: true, lazy: page(() => import('@web/features/parameters/ParametersPage')) },
                    {
                      path: ':id',
                      handle: h(t.titles.parameter, ['parameters']),
                      lazy: page(() => import('@web/features/parameters/ParameterEditPage')),
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
    // Any unknown path goes home (which sends a signed-out visitor on to login).
    { path: '*', element: <Navigate to="/" replace /> },
  ]);
}
