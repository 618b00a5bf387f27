import Dropdown from 'react-bootstrap/Dropdown';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '@web/platform/auth/AuthProvider';
import { useMainInfo } from '@web/platform/main-info';
import { m } from '@web/i18n';

/** Top bar: menu toggle, logo link, user dropdown (docs/rules/platform-rules.md §2). */
export function TopBar({ onToggleMenu }: { onToggleMenu: () => void }) {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const info = useMainInfo();
  const t = m().shell;
  return (
    <header className="app-topbar navbar navbar-dark bg-primary-subtle-dark px-2">
      <button
        type="button"
        className="btn btn-link text-white fs-4 p-1 me-2"
        onClick={onToggleMenu}
        aria-label={t.toggleMenu}
        data-testid="menu-toggle"
      >
        <i className="bi bi-list" aria-hidden="true" />
      </button>
      <Link to="/" className="navbar-brand d-flex align-items-center gap-2 me-auto">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span className="fw-semibold">{m().appName}</span>
      </Link>
      <Dropdown align="end">
        <Dropdown.Toggle
          variant="outline-light"
          size="sm"
          id="user-menu"
          aria-label={t.userMenu}
          data-testid="user-menu"
        >
          <i className="bi bi-person-circle me-1" aria-hidden="true" />
          <span className="d-none d-sm-inline">{user?.login}</span>
        </Dropdown.Toggle>
        <Dropdown.Menu>
          <Dropdown.Item as={Link} to="/profile-edit">
            <i className="bi bi-person me-2" aria-hidden="true" />
            {t.profile}
          </Dropdown.Item>
          <Dropdown.Item as={Link} to="/users">
            <i className="bi bi-people me-2" aria-hidden="true" />
            {t.users}
          </Dropdown.Item>
          <Dropdown.Item as={Link} to="/barcode-prints" data-testid="menu-barcode-prints">
            <i className="bi bi-upc-scan me-2" aria-hidden="true" />
            {m().menu.barcodePrints}
          </Dropdown.Item>
          {info.data?.desktopAppUrl && (
            <Dropdown.Item href={info.data.desktopAppUrl} target="_blank" rel="noopener noreferrer">
              <i className="bi bi-download me-2" aria-hidden="true" />
              {t.desktopApp}
            </Dropdown.Item>
          )}
          <Dropdown.Divider />
          <Dropdown.Item
            as="button"
            data-testid="logout"
            onClick={() => {
              void logout().then(() => navigate('/login'));
            }}
          >
            <i className="bi bi-box-arrow-right me-2" aria-hidden="true" />
            {t.logout}
          </Dropdown.Item>
        </Dropdown.Menu>
      </Dropdown>
    </header>
  );
}
