import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Collapse from 'react-bootstrap/Collapse';
import { treesText } from '../texts';

export interface TreeFormCardProps {
  heading: string;
  open: boolean;
  onToggle(): void;
  children: ReactNode;
}

/** The collapsible card around the edit form; its header names the mode ('Dodaj nową kategorię' / 'Edytuj kategorię'). */
export function TreeFormCard({ heading, open, onToggle, children }: TreeFormCardProps) {
  const t = treesText().tree;
  return (
    <Card className="shadow-sm" data-testid="tree-form-card">
      <Card.Header className="bg-body p-0">
        <button
          type="button"
          className="btn w-100 d-flex align-items-center justify-content-between text-start px-3 py-2 border-0"
          aria-expanded={open}
          aria-controls="tree-form-body"
          title={open ? t.hideForm : t.showForm}
          onClick={onToggle}
          data-testid="tree-form-toggle"
        >
          <h2 className="h6 fw-semibold mb-0" data-testid="tree-form-heading">
            <i className="bi bi-pencil-square me-2 text-secondary" aria-hidden="true" />
            {heading}
          </h2>
          <i className={`bi ${open ? 'bi-chevron-up' : 'bi-chevron-down'} text-secondary`} aria-hidden="true" />
        </button>
      </Card.Header>
      <Collapse in={open}>
        <div id="tree-form-body">
          <Card.Body>{children}</Card.Body>
        </div>
      </Collapse>
    </Card>
  );
}
