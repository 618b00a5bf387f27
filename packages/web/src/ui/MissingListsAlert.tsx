import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { uiText } from './texts';

/** A required list that is empty, and where the user fills it. */
export interface MissingList {
  id: string;
  /** 'Brak statusów zamówień'. */
  what: string;
  /** 'Ustawienia → Słowniki → Statusy zamówień'. */
  trail: string;
  /** The screen's path. */
  path: string;
}

/**
 * Says which required lists a form cannot be saved without and links to where each is filled
 * (docs/decisions.md, Starter data of a new organisation). Renders nothing when none is missing.
 */
export function MissingListsAlert({ missing, testId }: { missing: readonly MissingList[]; testId?: string }) {
  if (missing.length === 0) return null;
  const t = uiText().missingLists;
  return (
    <Alert variant="warning" data-testid={testId}>
      <div className="fw-semibold mb-1">
        <i className="bi bi-exclamation-triangle me-2" aria-hidden="true" />
        {t.title}
      </div>
      <ul className="mb-0 ps-4">
        {missing.map((m) => (
          <li key={m.id} data-testid={testId && `${testId}-${m.id}`}>
            {m.what}: {t.addIn} <Link to={m.path}>{m.trail}</Link>.
          </li>
        ))}
      </ul>
    </Alert>
  );
}
