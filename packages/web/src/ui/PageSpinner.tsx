import Spinner from 'react-bootstrap/Spinner';
import { m } from '@web/i18n';

/** Loading indicator for a page or a list. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div
      className="d-flex justify-content-center align-items-center py-5 gap-2 text-muted"
      role="status"
      data-testid="loading"
    >
      <Spinner animation="border" size="sm" />
      <span>{label ?? m().common.loading}</span>
    </div>
  );
}
