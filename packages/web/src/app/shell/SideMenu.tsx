import { useState } from 'react';
import Collapse from 'react-bootstrap/Collapse';
import { Link, useLocation } from 'react-router';
import { useActiveIds } from '@web/platform/route-handle';
import { pluginTabId, type MenuEntry, type MenuGroup } from './menu';

function Entry({ entry, active, onNavigate }: { entry: MenuEntry; active: boolean; onNavigate: () => void }) {
  const cls = `app-menu-link nav-link d-flex align-items-center gap-2${active ? ' active' : ''}`;
  const body = (
    <>
      <i className={`bi ${entry.icon}`} aria-hidden="true" />
      <span>{entry.label}</span>
    </>
  );
  return (
    <li className="nav-item">
      {entry.external ? (
        <a className={cls} href={entry.path} target="_blank" rel="noopener noreferrer">
          {body}
        </a>
      ) : (
        // Highlight follows the route's activeId list, not URL matching (users/5 highlights Users).
        <Link
          className={cls}
          to={entry.path}
          aria-current={active ? 'page' : undefined}
          onClick={onNavigate}
          data-menu-id={entry.id}
        >
          {body}
        </Link>
      )}
    </li>
  );
}

function Group({ group, activeIds, onNavigate }: { group: MenuGroup; activeIds: string[]; onNavigate: () => void }) {
  const [open, setOpen] = useState(true);
  const list = (
    <ul className="nav flex-column">
      {group.entries.map((e) => (
        <Entry key={e.id} entry={e} active={activeIds.includes(e.id)} onNavigate={onNavigate} />
      ))}
      {group.subgroups?.map((sub) => (
        <li key={sub.id} className="nav-item ms-2" data-menu-group={sub.id}>
          <Group group={sub} activeIds={activeIds} onNavigate={onNavigate} />
        </li>
      ))}
    </ul>
  );
  if (!group.title) return <div className="app-menu-group mb-2">{list}</div>;
  const id = `menu-group-${group.id}`;
  return (
    <div className="app-menu-group mb-2" data-testid={`menu-group-${group.id}`}>
      <button
        type="button"
        className="app-menu-heading btn btn-link w-100 text-start d-flex align-items-center gap-2"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={id}
      >
        {group.icon && <i className={`bi ${group.icon}`} aria-hidden="true" />}
        <span className="me-auto">{group.title}</span>
        <i className={`bi ${open ? 'bi-chevron-up' : 'bi-chevron-down'} small`} aria-hidden="true" />
      </button>
      <Collapse in={open}>
        <div id={id}>{list}</div>
      </Collapse>
    </div>
  );
}

/** The plugin tab of the host page being shown (plugin/{name}?controller={path}), if any. */
function usePluginTabId(): string | undefined {
  const { pathname, search } = useLocation();
  const name = /^\/plugin\/([^/]+)$/.exec(pathname)?.[1];
  if (!name) return undefined;
  return pluginTabId(decodeURIComponent(name), new URLSearchParams(search).get('controller') ?? '');
}

/** Left menu, 250 px wide; groups collapse; the current entry is highlighted. */
export function SideMenu({ groups, open, onNavigate }: { groups: MenuGroup[]; open: boolean; onNavigate: () => void }) {
  const routeIds = useActiveIds();
  const tab = usePluginTabId();
  const activeIds = tab ? [...routeIds, tab] : routeIds;
  return (
    <nav className={`app-sidebar${open ? ' open' : ''}`} aria-label="Menu" data-testid="side-menu">
      {groups
        .filter((g) => g.entries.length > 0 || (g.subgroups?.length ?? 0) > 0)
        .map((g) => (
          <Group key={g.id} group={g} activeIds={activeIds} onNavigate={onNavigate} />
        ))}
    </nav>
  );
}
