import type { MenuPlugin } from '@zaplecze/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { m } from '@web/i18n';
import { coreMenu, withPluginMenu, type MenuGroup } from './menu';
import { SideMenu } from './SideMenu';

const csv: MenuPlugin = {
  pluginId: 'wholesale-csv',
  name: 'Import z hurtowni (CSV)',
  icon: 'bi-upload',
  category: 'Others',
  items: [
    { path: 'import', tabName: 'Import', icon: 'file-earmark-arrow-up' },
    { path: 'log', tabName: 'Dziennik', icon: 'bi-journal' },
  ],
};
const allegro: MenuPlugin = {
  pluginId: 'allegro',
  name: 'Allegro',
  icon: 'bi-bag',
  category: 'Marketplace',
  items: [{ path: 'orders', tabName: 'Zamówienia', icon: 'bi-cart' }],
};

function renderMenu(groups: MenuGroup[], url = '/') {
  const router = createMemoryRouter(
    [{ path: '*', element: <SideMenu groups={groups} open onNavigate={() => undefined} /> }],
    { initialEntries: [url] },
  );
  return render(<RouterProvider router={router} />);
}

afterEach(cleanup);

describe('plugin menu groups (docs/rules/platform-rules.md §2 Application shell)', () => {
  it('puts each installed plugin as its own group with its tabs inside its category', () => {
    const groups = withPluginMenu(coreMenu({ permissions: 'main.admin' }), [csv, allegro]);
    const others = groups.find((g) => g.id === 'others');
    expect(others?.subgroups?.map((s) => s.title)).toEqual(['Import z hurtowni (CSV)']);
    expect(others?.subgroups?.[0]?.icon).toBe('bi-upload');
    expect(others?.subgroups?.[0]?.entries.map((e) => [e.label, e.path, e.icon])).toEqual([
      ['Import', '/plugin/wholesale-csv?controller=import', 'bi-file-earmark-arrow-up'],
      ['Dziennik', '/plugin/wholesale-csv?controller=log', 'bi-journal'],
    ]);
    expect(groups.find((g) => g.id === 'marketplace')?.subgroups?.[0]?.title).toBe('Allegro');
    expect(groups.find((g) => g.id === 'shops')?.subgroups).toBeUndefined();
  });

  it('the groups appear with installed plugins and disappear without them', () => {
    const core = coreMenu({ permissions: 'main.admin' });
    const first = renderMenu(withPluginMenu(core, [csv]));
    expect(screen.getByTestId('menu-group-others')).toBeTruthy();
    expect(screen.queryByTestId('menu-group-marketplace')).toBeNull();
    expect(screen.queryByText(m().menu.shops)).toBeNull();
    const link = screen.getByRole('link', { name: 'Dziennik' });
    expect(link.getAttribute('href')).toBe('/plugin/wholesale-csv?controller=log');
    first.unmount();

    renderMenu(withPluginMenu(core, []));
    expect(screen.queryByTestId('menu-group-others')).toBeNull();
    expect(screen.queryByText('Import z hurtowni (CSV)')).toBeNull();
  });

  it('highlights the tab of the host page being shown; a plugin group collapses', () => {
    renderMenu(withPluginMenu(coreMenu({ permissions: 'main.admin' }), [csv]), '/plugin/wholesale-csv?controller=log');
    expect(screen.getByRole('link', { name: 'Dziennik' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Import' }).getAttribute('aria-current')).toBeNull();
    const group = screen.getByTestId('menu-group-plugin-wholesale-csv');
    const toggle = within(group).getByRole('button', { name: /Import z hurtowni/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('plugins management is in Options for main.plugins.manage only', () => {
    const ids = (permissions: string) =>
      coreMenu({ permissions })
        .find((g) => g.id === 'options')
        ?.entries.map((e) => e.id);
    expect(ids('main.plugins.manage')).toContain('plugins-management');
    expect(ids('main.admin')).toContain('plugins-management');
    expect(ids('main.items.show')).not.toContain('plugins-management');
  });
});
