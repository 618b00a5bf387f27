import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useActiveIds } from '@web/platform/route-handle';

import { settingsNav } from '../settings-nav';
import { settingsText } from '../texts';

/**
 * The settings navigation: a column beside the screen (`vertical`), or rows that scroll sideways
 * above it on narrow screens. The current entry follows the route's activeId.
 */
export function SettingsNav({ vertical }: { vertical: boolean }) {
  const activeIds = useActiveIds();
  const navRef = useRef<HTMLElement>(null);
  const activeKey = activeIds.join(',');
  // On small screens the rows scroll sideways: bring the current entry into view.
  useEffect(() => {
    navRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activeKey]);
  return (
    <nav
      ref={navRef}
      aria-label={settingsText().nav.label}
      className="bg-white border rounded p-2"
      data-testid="settings-nav"
    >
      {settingsNav().map((group, i) => {
        const headingId = `settings-nav-${group.id}`;
        return (
          <div key={group.id} className={i === 0 ? undefined : vertical ? 'mt-3' : 'mt-2'}>
            <div id={headingId} className="app-menu-heading px-2 py-1">
              {group.title}
            </div>
            <ul
              className={`nav gap-1 pb-1 ${vertical ? 'flex-column' : 'flex-nowrap overflow-auto'}`}
              aria-labelledby={headingId}
            >
              {group.entries.map((e) => {
                const active = activeIds.includes(e.id);
                return (
                  <li className="nav-item" key={e.id}>
                    <Link
                      to={e.path}
                      className={`nav-link app-menu-link text-nowrap d-flex align-items-center gap-2 py-1${active ? ' active' : ''}`}
                      aria-current={active ? 'page' : undefined}
                      data-nav-id={e.id}
                    >
                      <i className={`bi ${e.icon}`} aria-hidden="true" />
                      <span>{e.label}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
