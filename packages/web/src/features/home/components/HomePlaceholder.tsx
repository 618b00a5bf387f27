import Card from 'react-bootstrap/Card';
import { format, m } from '@web/i18n';
import { longDate } from '../home';
import { homeText } from '../texts';

/** With no widget to show: today's date and the product version (docs/rules/platform-rules.md §2 Home). */
export function HomePlaceholder({ version }: { version: string | undefined }) {
  const t = homeText();
  return (
    <Card className="border-0 shadow-sm" data-testid="home-placeholder">
      <Card.Body className="text-center py-5 px-3">
        <span
          className="d-inline-flex align-items-center justify-content-center rounded-circle bg-primary-subtle text-primary mb-3"
          style={{ width: 72, height: 72 }}
          aria-hidden="true"
        >
          <i className="bi bi-calendar3 fs-2" />
        </span>
        <div className="text-body-secondary small text-uppercase fw-semibold">{t.today}</div>
        <div className="h3 mb-2" data-testid="home-date">
          {longDate(new Date())}
        </div>
        {version && (
          <div className="text-body-secondary mb-4" data-testid="home-version">
            {format(t.version, { app: m().appName, version })}
          </div>
        )}
        <p className="mb-0 text-body-secondary small mx-auto" style={{ maxWidth: 420 }}>
          <span className="fw-semibold">{t.noWidgets}</span> {t.noWidgetsBody}
        </p>
      </Card.Body>
    </Card>
  );
}
