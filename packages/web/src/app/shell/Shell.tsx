import { LEFT_MENU_PADDING_FROM_PX } from '@zaplecze/contract';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Outlet } from 'react-router';
import { useAuth } from '@web/platform/auth/AuthProvider';
import { useMainInfo } from '@web/platform/main-info';
import { useDocumentTitle } from '@web/platform/route-handle';
import { errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { pluginHost, usePluginHost } from '@web/extensions/plugins/host';
import { usePluginMenu } from '@web/extensions/plugins/plugins.api';
import { pluginText } from '@web/extensions/plugins/texts';
import { format, m } from '@web/i18n';
import { PageSpinner } from '@web/ui/PageSpinner';
import { coreMenu, withPluginMenu } from './menu';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';

const isWide = () => typeof window !== 'undefined' && window.innerWidth >= LEFT_MENU_PADDING_FROM_PX;

/** The signed-in layout: top bar, left menu, content and footer. */
export default function Shell() {
  useDocumentTitle();
  const [menuOpen, setMenuOpen] = useState(isWide);
  const info = useMainInfo();
  const permissions = useAuth().user?.permissions ?? '';
  const desktopAppUrl = info.data?.desktopAppUrl;
  const toast = useToast();
  const pluginMenu = usePluginMenu();
  const plugins = usePluginHost();
  const groups = useMemo(
    () => withPluginMenu(coreMenu({ desktopAppUrl, permissions }), pluginMenu.data ?? []),
    [desktopAppUrl, permissions, pluginMenu.data],
  );

  // Plugin loading (docs/rules/platform-rules.md §4): in the shell, so the login page loads none of it.
  useEffect(() => {
    void pluginHost.load();
  }, []);
  useEffect(() => {
    if (plugins.phase === 'error')
      toast.show('error', { id: 'plugins-load', title: pluginText().loadErrorTitle, body: plugins.error });
  }, [plugins.phase, plugins.error, toast]);
  useEffect(() => {
    if (pluginMenu.error)
      toast.show('error', {
        id: 'plugins-menu',
        title: pluginText().listErrorTitle,
        body: errorMessage(pluginMenu.error),
      });
  }, [pluginMenu.error, toast]);
  return (
    <div className={`app-shell${menuOpen ? ' menu-open' : ''}`}>
      <TopBar onToggleMenu={() => setMenuOpen((o) => !o)} />
      <SideMenu groups={groups} open={menuOpen} onNavigate={() => !isWide() && setMenuOpen(false)} />
      {menuOpen && <div className="app-backdrop d-md-none" onClick={() => setMenuOpen(false)} aria-hidden="true" />}
      <div className="app-content">
        <main className="container-fluid py-3">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
        <footer className="app-footer text-muted small py-3 px-3 border-top">
          {/* The year of the clock, so the line never goes stale (docs/decisions.md, Footer year). */}
          {format(m().shell.footer, { year: new Date().getFullYear() })}
        </footer>
      </div>
    </div>
  );
}
