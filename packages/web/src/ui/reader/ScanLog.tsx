import { memo } from 'react';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { uiText } from '../texts';
import { formatTime } from './format';
import type { ScanLogRow } from './scan-log';

/**
 * A reader's scans, newest first; errors in red. `contextHeader` names the column of what a row
 * acted on (item, order); `large` draws it for a packing bench (read from a metre away). Rows never
 * change once logged, so a new scan draws one new row, not the up to 500 before it (memo), and the
 * page's other updates (the pending spinner, the panel) do not draw the log again.
 */
export const ScanLog = memo(function ScanLog({
  rows,
  contextHeader,
  large = false,
}: {
  rows: readonly ScanLogRow[];
  contextHeader: string;
  large?: boolean;
}) {
  const t = uiText().reader.log;
  return (
    <Card className="shadow-sm">
      <Card.Header className={large ? 'fs-5' : undefined}>{t.heading}</Card.Header>
      {rows.length === 0 ? (
        <Card.Body className="text-muted text-center" data-testid="reader-log-empty">
          {t.empty}
        </Card.Body>
      ) : (
        <Table
          size={large ? undefined : 'sm'}
          hover
          className={`mb-0 align-middle reader-table${large ? ' fs-5' : ''}`}
          data-testid="reader-log"
        >
          <thead>
            <tr>
              <th style={{ width: large ? '7rem' : '6rem' }}>{t.colDate}</th>
              <th style={{ width: large ? '8rem' : '10rem' }}>{contextHeader}</th>
              <th>{t.colAction}</th>
              <th style={{ width: large ? '14rem' : '12rem' }}>{t.colCode}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <LogRow key={r.seq} row={r} />
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
});

const LogRow = memo(function LogRow({ row: r }: { row: ScanLogRow }) {
  return (
    <tr
      className={r.isError ? 'table-danger' : undefined}
      data-testid="reader-log-row"
      data-error={r.isError ? 'true' : 'false'}
    >
      <td className="text-nowrap" title={r.date}>
        {formatTime(r.date)}
      </td>
      <td className="font-monospace">{r.context ?? ''}</td>
      <td data-testid="reader-log-action" className={r.isError ? 'fw-semibold text-danger-emphasis' : undefined}>
        {r.isError && <i className="bi bi-exclamation-triangle-fill me-2" aria-hidden="true" />}
        {r.actionDesc}
      </td>
      <td className="font-monospace text-break">{r.barcode}</td>
    </tr>
  );
});
