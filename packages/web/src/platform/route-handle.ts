import { APP_NAME } from '@zaplecze/contract';
import { useEffect } from 'react';
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

/** Sets document.title from the route titles (innermost first) plus the app name. */
export function useDocumentTitle(extra?: string): void {
  const titles = handles(useMatches())
    .map((h) => h.title)
    .filter((t): t is string => !!t)
    .reverse();
  const full = [extra, ...titles, APP_NAME].filter(Boolean).join(' - ');
  useEffect(() => {
    document.title = full;
  }, [full]);
}
