import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { m } from '@web/i18n';
import { GuestOnly, RequireAuth } from './guards';
import type { RouteHandle } from './route-handle';
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

/** A reference list at the app root (platform.md §2 route table), inside the settings layout. */
const listRoute = (path: string, title: string, load: PageModule) => ({
  path,
  handle: h(title, [path]),
  lazy: page(load),
});

/** The route table (platform.md §2). Titles build the page title; activeId highlights the menu. */
export function createAppRouter() {
  const t = m();
  return createBrowserRouter([
    {
      element: <Bare />,
      HydrateFallback: PageSpinner,
      children: [
        {
          element: (
            <GuestOnly>
              <Outlet />
            </GuestOnly>
          ),
          children: [
            {
              path: 'login',
              handle: h(t.auth.title),
              lazy: page(() => import('@web/features/auth/LoginPage')),
            },
            {
              path: 'register',
              handle: h(t.register.title),
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
              handle: h(t.home.title, ['home']),
              lazy: page(() => import('@web/features/home/HomePage')),
            },
            {
              path: 'profile-edit',
              handle: h(t.profile.title, ['profile']),
              lazy: page(() => import('@web/features/profile/ProfilePage')),
            },
            {
              path: 'users',
              handle: h(t.users.title, ['users']),
              children: [
                {
                  index: true,
                  lazy: page(() => import('@web/features/users/UsersPage')),
                },
                {
                  path: ':id',
                  handle: h(t.users.editTitle, ['users']),
                  lazy: page(() => import('@web/features/users/UserEditPage')),
                },
              ],
            },
            {
              path: 'barcode-prints',
              handle: h(t.barcodePrints.title, ['barcode-prints']),
              lazy: page(() => import('@web/features/barcode-prints/BarcodePrintsPage')),
            },
            {
              // Settings and every reference list share one layout with the settings navigation.
              lazy: page(() => import('@web/features/settings/SettingsLayout')),
              handle: h('', ['settings']),
              children: [
                { path: 'settings', element: <Navigate to="/settings/main" replace /> },
                settingsRoute('main', t.settings.mainTitle, () => import('@web/features/settings/MainSettingsPage')),
                settingsRoute('vat', t.settings.vatTitle, () => import('@web/features/settings/VatSettingsPage')),
                settingsRoute(
                  'currencies',
                  t.settings.currenciesTitle,
                  () => import('@web/features/settings/CurrencySettingsPage'),
                ),
                settingsRoute(
                  'invoice',
                  t.settings.invoiceTitle,
                  () => import('@web/features/settings/InvoiceSettingsPage'),
                ),
                settingsRoute(
                  'orders',
                  t.settings.ordersTitle,
                  () => import('@web/features/settings/OrderSettingsPage'),
                ),
                settingsRoute('print', t.settings.printTitle, () => import('@web/features/settings/PrintSettingsPage')),
                listRoute(
                  'additional-descs',
                  t.lists.additionalDescs.title,
                  () => import('@web/features/reference-lists/AdditionalDescsPage'),
                ),
                listRoute(
                  'delivery-price-lists',
                  t.lists.deliveryPriceLists.title,
                  () => import('@web/features/reference-lists/DeliveryPriceListsPage'),
                ),
                listRoute(
                  'delivery-times',
                  t.lists.deliveryTimes.title,
                  () => import('@web/features/reference-lists/DeliveryTimesPage'),
                ),
                listRoute(
                  'item-groups',
                  t.lists.itemGroups.title,
                  () => import('@web/features/reference-lists/ItemGroupsPage'),
                ),
                listRoute(
                  'item-statuses',
                  t.lists.itemStatuses.title,
                  () => import('@web/features/reference-lists/ItemStatusesPage'),
                ),
                listRoute(
                  'income-sources',
                  t.lists.incomeSources.title,
                  () => import('@web/features/reference-lists/IncomeSourcesPage'),
                ),
                listRoute(
                  'order-statuses',
                  t.lists.orderStatuses.title,
                  () => import('@web/features/reference-lists/OrderStatusesPage'),
                ),
                listRoute('user-sizes', t.userSizes.title, () => import('@web/features/user-sizes/UserSizesPage')),
                listRoute(
                  'categories',
                  t.trees.categories.title,
                  () => import('@web/features/catalog-trees/CategoriesPage'),
                ),
                listRoute('places', t.trees.places.title, () => import('@web/features/catalog-trees/PlacesPage')),
                {
                  path: 'parameters',
                  handle: h(t.parameters.title, ['parameters']),
                  children: [
                    { index: true, lazy: page(() => import('@web/features/parameters/ParametersPage')) },
                    {
                      path: ':id',
                      handle: h(t.parameters.itemTitle, ['parameters']),
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
