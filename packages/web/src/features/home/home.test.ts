import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import type { HomeWidget } from '@web/extensions/slots';
import { dismissBanner, isBannerDismissed, longDate, visibleHomeWidgets } from './home';

const Nothing: ComponentType = () => null;
const widgets: HomeWidget[] = [
  { id: 'orders', component: Nothing, permissions: ['main.order.show'] },
  { id: 'income', component: Nothing, permissions: ['main.order.show', 'main.order.summary.show'] },
  { id: 'plugin', component: Nothing },
];
const ids = (list: HomeWidget[]) => list.map((w) => w.id);

describe('home widgets', () => {
  it('shows nothing without the homepage permission', () => {
    expect(visibleHomeWidgets(widgets, 'main.order.show;main.order.summary.show')).toEqual([]);
  });

  it('needs every permission of a widget on top of the homepage one', () => {
    expect(ids(visibleHomeWidgets(widgets, 'main.misc.homepage.show'))).toEqual(['plugin']);
    expect(ids(visibleHomeWidgets(widgets, 'main.misc.homepage.show;main.order.show'))).toEqual(['orders', 'plugin']);
    expect(ids(visibleHomeWidgets(widgets, 'MAIN.MISC.HOMEPAGE.SHOW;main.order.show;main.order.summary.show'))).toEqual(
      ['orders', 'income', 'plugin'],
    );
  });

  it('lets main.admin see every widget', () => {
    expect(ids(visibleHomeWidgets(widgets, 'main.admin'))).toEqual(['orders', 'income', 'plugin']);
  });
});

describe('longDate', () => {
  it('writes the Polish long date with the weekday, capitalised', () => {
    expect(longDate(new Date(2025, 0, 6))).toBe('Poniedziałek, 6 stycznia 2025');
    expect(longDate(new Date(2025, 4, 31))).toBe('Sobota, 31 maja 2025');
  });
});

describe('banner dismissals', () => {
  it('remembers the dismissed value, so a new text shows again', () => {
    sessionStorage.clear();
    expect(isBannerDismissed(sessionStorage, 'loginInfo', 'Przerwa w niedzielę')).toBe(false);
    dismissBanner(sessionStorage, 'loginInfo', 'Przerwa w niedzielę');
    expect(isBannerDismissed(sessionStorage, 'loginInfo', 'Przerwa w niedzielę')).toBe(true);
    expect(isBannerDismissed(sessionStorage, 'loginInfo', 'Przerwa w sobotę')).toBe(false);
    expect(isBannerDismissed(sessionStorage, 'test', 'Przerwa w niedzielę')).toBe(false);
  });

  it('treats missing storage as nothing dismissed', () => {
    expect(isBannerDismissed(undefined, 'test', '1')).toBe(false);
    expect(() => dismissBanner(undefined, 'test', '1')).not.toThrow();
  });
});
