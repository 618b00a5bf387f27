import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';

export interface MappingTableProps {
  /** The things mapped, one row each: the service's statuses, or ours. */
  rows: readonly { key: string; label: string }[];
  /** What each may be mapped to; '' is the first option, `emptyLabel`. */
  options: readonly { value: string; label: string }[];
  emptyLabel: string;
  /** The row's current choice ('' for none). */
  value: (key: string) => string;
  onChange: (key: string, value: string) => void;
  /** The select's accessible name for a row, e.g. `Status zamówienia dla: Wysłane`. */
  ariaLabel: (label: string) => string;
  /** Column headings, when the card's title is not enough. */
  headings?: readonly [string, string];
  /** `data-testid` of a row's select. */
  testId?: (key: string) => string;
}

/**
 * A mapping screen's table (docs/plugins.md, Integration plugins): one row per thing of one side
 * (a service's status, our order status, a delivery method) with a select of the other side's.
 */
export default function MappingTable({
  rows,
  options,
  emptyLabel,
  value,
  onChange,
  ariaLabel,
  headings,
  testId,
}: MappingTableProps) {
  return (
    <Table size="sm" className="align-middle mb-0">
      {headings && (
        <thead>
          <tr>
            <th className="w-50">{headings[0]}</th>
            <th>{headings[1]}</th>
          </tr>
        </thead>
      )}
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <td className="w-50">{r.label}</td>
            <td>
              <Form.Select
                size="sm"
                aria-label={ariaLabel(r.label)}
                data-testid={testId?.(r.key)}
                value={value(r.key)}
                onChange={(e) => onChange(r.key, e.target.value)}
              >
                <option value="">{emptyLabel}</option>
                {options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Form.Select>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
