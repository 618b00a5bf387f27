import { APP_NAME } from '@zaplecze/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { useMatches } from 'react-router';

/** What every route declares: its title and the menu entries it highlights. */
export interface RouteHandle {
  title?: string;
  activeId?: string[];
}

function handles(matches: ReturnType<typeof useMatches>): RouteHandle[] {
  return matches.map((mt) => (mt.handle ?? {}) as RouteHandle);
}

/** The menu ids the current route highlights. */
export function useActiveIds(): string[] {
  return handles(useMatches()).flatMap((h) => h.activeId ?? []);
}

/**
 * A title a page sets at run time (the plugin host page: its screen's title), innermost of all.
 * One at a time: the page on screen.
 */
let pageTitle: string | undefined;
const titleListeners = new Set<() => void>();
const subscribeTitle = (l: () => void) => {
  titleListeners.add(l);
  return () => void titleListeners.delete(l);
};
function setPageTitle(title: string | undefined): void {
  pageTitle = title;
  for (const l of [...titleListeners]) l();
}

/** Puts `title` in front of the route titles while the calling page is shown. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    setPageTitle(title);
    return () => setPageTitle(undefined);
  }, [title]);
}

/** Sets document.title from the page's and the route titles (innermost first) plus the app name. */
export function useDocumentTitle(extra?: string): void {
  const page = useSyncExternalStore(subscribeTitle, () => pageTitle);
  const titles = [
    page,
    ...handles(useMatches())
      .map((h) => h.title)
      .reverse(),
  ].filter((t): t is string => !!t);
  const full = [extra, ...titles, APP_NAME].filter(Boolean).join(' - ');
  useEffect(() => {
    document.title = full;
  }, [full]);
}
