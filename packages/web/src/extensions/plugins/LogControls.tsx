import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { format } from '@web/i18n';
import { pluginText } from './texts';

/**
 * The filter select and the refresh button above a plugin's log (the jobs screen and the call log):
 * one filter of the log's own options ('' is every row).
 */
export function LogToolbar<V extends string>({
  label,
  value,
  options,
  onChange,
  onRefresh,
}: {
  label: string;
  value: V | '';
  options: readonly { value: V | ''; label: string }[];
  onChange: (value: V | '') => void;
  onRefresh: () => void;
}) {
  const t = pluginText().jobs;
  return (
    <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
      <Form.Select
        size="sm"
        style={{ maxWidth: 220 }}
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value as V | '')}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Form.Select>
      <Button size="sm" variant="outline-secondary" onClick={onRefresh}>
        <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
        {t.refresh}
      </Button>
    </div>
  );
}

/** Previous / 'Strona X z Y, ...: N' / Next under a plugin's log. `text` has {page}, {pages}, {count}. */
export function LogPager({
  page,
  pages,
  count,
  text,
  onPage,
}: {
  page: number;
  pages: number;
  count: number;
  text: string;
  onPage: (page: number) => void;
}) {
  const t = pluginText().jobs;
  return (
    <div className="d-flex align-items-center gap-2 small">
      <Button size="sm" variant="outline-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t.previous}
      </Button>
      <span>{format(text, { page, pages, count })}</span>
      <Button size="sm" variant="outline-secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t.next}
      </Button>
    </div>
  );
}
