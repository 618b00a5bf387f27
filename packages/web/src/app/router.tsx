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
          ],
        },
      ],
    },
    // Any unknown path goes home (which sends a signed-out visitor on to login).
    { path: '*', element: <Navigate to="/" replace /> },
  ]);
}
