import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

export interface SectionCardProps {
  title: ReactNode;
  /** A bootstrap-icons name without the `bi-` prefix, e.g. `person`. */
  icon?: string;
  children: ReactNode;
  className?: string;
  testId?: string;
}

/** A card with a titled header (an h2, so the page outline stays right) around one form or data section. */
export function SectionCard({ title, icon, children, className = '', testId }: SectionCardProps) {
  return (
    <Card className={`shadow-sm ${className}`.trim()} data-testid={testId}>
      <Card.Header className="bg-body">
        <h2 className="h6 fw-semibold mb-0">
          {icon && <i className={`bi bi-${icon} me-2 text-secondary`} aria-hidden="true" />}
          {title}
        </h2>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card>
  );
}
