import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { formatTime } from '../format';
import type { LogRow } from '../reader-log';
import { itemReaderText } from '../texts';

/** The session's scans, newest first; errors in red. */
export function ScanLog({ rows }: { rows: readonly LogRow[] }) {
  const t = itemReaderText().log;
  return (
    <Card className="shadow-sm">
      <Card.Header>{t.heading}</Card.Header>
      {rows.length === 0 ? (
        <Card.Body className="text-muted text-center" data-testid="reader-log-empty">
          {t.empty}
        </Card.Body>
      ) : (
        <Table size="sm" hover className="mb-0 align-middle" data-testid="reader-log">
          <thead>
            <tr>
              <th style={{ width: '6rem' }}>{t.colDate}</th>
              <th style={{ width: '10rem' }}>{t.colItem}</th>
              <th>{t.colAction}</th>
              <th style={{ width: '12rem' }}>{t.colCode}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr
                key={r.seq}
                className={r.isError ? 'table-danger' : undefined}
                data-testid="reader-log-row"
                data-error={r.isError ? 'true' : 'false'}
              >
                <td className="text-nowrap" title={r.date}>
                  {formatTime(r.date)}
                </td>
                <td className="font-monospace">{r.itemCode ?? ''}</td>
                <td data-testid="reader-log-action">{r.actionDesc}</td>
                <td className="font-monospace text-break">{r.barcode}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}
