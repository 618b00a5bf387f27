import { hasPermissionForScreen } from '@zaplecze/contract';
import type { HomeWidget } from '@web/extensions/slots';

/** Every home widget needs this, on top of its own permissions (docs/rules/platform-rules.md §6). */
export const HOMEPAGE_PERMISSION = 'main.misc.homepage.show';

/** The widgets the user may see, in slot order (the screens' permission rule). */
export function visibleHomeWidgets(widgets: readonly HomeWidget[], permissions: string): HomeWidget[] {
  if (!hasPermissionForScreen(permissions, HOMEPAGE_PERMISSION)) return [];
  return widgets.filter((w) => (w.permissions ?? []).every((p) => hasPermissionForScreen(permissions, p)));
}

/** Bootstrap column classes for a widget's width: one per row on phones, more on wide screens. */
export function widgetColumnClass(width: HomeWidget['width']): string {
  switch (width) {
    case 'full':
      return 'col-12';
    case 'third':
      return 'col-12 col-lg-6 col-xxl-4';
    default:
      return 'col-12 col-xl-6';
  }
}

/** Today's date the Polish way, "Poniedziałek, 6 stycznia 2025" (capitalised: it opens a line). */
export function longDate(date: Date, locale = 'pl-PL'): string {
  const text = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

const bannerKey = (banner: string) => `zaplecze.home.dismissed.${banner}`;

/**
 * Dismissed banners stay dismissed for the browser tab's session. The value is remembered too,
 * so a new login info from the server shows again even after the old one was closed.
 */
export function isBannerDismissed(storage: Storage | undefined, banner: string, value: string): boolean {
  try {
    return storage?.getItem(bannerKey(banner)) === value;
  } catch {
    return false;
  }
}

export function dismissBanner(storage: Storage | undefined, banner: string, value: string): void {
  try {
    storage?.setItem(bannerKey(banner), value);
  } catch {
    // storage full or blocked: the banner is then closed only until the next visit
  }
}
