import { useId, useState, type ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Collapse from 'react-bootstrap/Collapse';

export interface CollapsibleSectionProps {
  title: ReactNode;
  icon?: string;
  /** A short summary beside the title (e.g. a count), visible while collapsed. */
  badge?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** A card whose body opens and closes with its header button; collapsed at start (§2.3). */
export function CollapsibleSection({ title, icon, badge, children, testId }: CollapsibleSectionProps) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <Card className="shadow-sm mb-3" data-testid={testId}>
      <Card.Header className="bg-body p-0">
        <h2 className="h6 fw-semibold mb-0">
          <button
            type="button"
            className="btn btn-link text-body text-decoration-none w-100 text-start d-flex align-items-center px-3 py-2 fw-semibold"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen((o) => !o)}
            data-testid={testId ? `${testId}-toggle` : undefined}
          >
            <i className={`bi bi-chevron-${open ? 'down' : 'right'} me-2 small`} aria-hidden="true" />
            {icon && <i className={`bi bi-${icon} me-2 text-secondary`} aria-hidden="true" />}
            <span className="me-2">{title}</span>
            {badge}
          </button>
        </h2>
      </Card.Header>
      <Collapse in={open}>
        <div id={bodyId}>
          <Card.Body>{children}</Card.Body>
        </div>
      </Collapse>
    </Card>
  );
}
