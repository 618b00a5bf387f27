import { pageCount } from '@zaplecze/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { formatDateTime } from '@web/i18n/date';
import { PageSpinner } from '@web/ui/PageSpinner';
import { LogPager, LogToolbar } from './LogControls';
import { fetchCalls, pluginKeys, useConnectionState } from './plugins.api';
import { pluginText } from './texts';

/** A log line that is no call: what the plugin did or found (SDK logPluginEvent). */
const EVENT = 'EVENT';

/** Rows per page: a log is read from the newest end, a page at a time. */
export const CALLS_PER_PAGE = 50;

export interface CallsScreenProps {
  pluginId: string;
}

/**
 * The 'Dziennik' tab of an integration plugin (docs/plugins.md, Outside calls): every call to its
 * outside service, newest first (GET /plugin_calls), with what it was for, the order it concerned,
 * the outcome and the service's own message; above it the 'Połącz ponownie' warning while the
 * service refuses the stored credentials (GET /plugin_connection).
 */
export default function CallsScreen({ pluginId }: CallsScreenProps) {
  const t = pluginText().calls;
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState<'ok' | 'error' | ''>('');
  const criteria = { pluginId, page, perPage: CALLS_PER_PAGE, ...(outcome ? { outcome } : {}) };
  const calls = useQuery({
    queryKey: [...pluginKeys.calls(pluginId), criteria],
    queryFn: ({ signal }) => fetchCalls(criteria, signal),
    placeholderData: keepPreviousData,
  });
  const connection = useConnectionState(pluginId);

  useEffect(() => {
    if (calls.error)
      toast.show('error', { id: `calls-${pluginId}`, title: t.loadErrorTitle, body: errorMessage(calls.error) });
  }, [calls.error, pluginId, t, toast]);

  const data = calls.data;
  const pages = data ? pageCount(data.count, data.perPage) : 1;
  return (
    <div data-testid="plugin-calls">
      {connection.data?.state === 'reconnect' && (
        <Alert variant="warning" data-testid="plugin-reconnect">
          <strong>{t.reconnect}</strong>: {connection.data.message || t.reconnectHint}
          <div className="small mt-1">{t.reconnectHint}</div>
        </Alert>
      )}
      <LogToolbar
        label={t.filter}
        value={outcome}
        options={[
          { value: '', label: t.all },
          { value: 'error', label: t.onlyErrors },
          { value: 'ok', label: t.onlyOk },
        ]}
        onChange={(v) => {
          setOutcome(v);
          setPage(1);
        }}
        onRefresh={() => void calls.refetch()}
      />
      {!data ? (
        calls.isPending ? (
          <PageSpinner />
        ) : null
      ) : data.calls.length === 0 ? (
        <p className="text-muted">{t.empty}</p>
      ) : (
        <Table responsive size="sm" hover className="align-middle">
          <thead>
            <tr>
              <th>{t.time}</th>
              <th>{t.what}</th>
              <th>{t.result}</th>
              <th>{t.order}</th>
              <th>{t.message}</th>
              <th className="text-end">{t.duration}</th>
            </tr>
          </thead>
          <tbody>
            {data.calls.map((c) => (
              <tr key={c.id} data-testid="plugin-call" data-call-ok={c.ok ? 'true' : 'false'}>
                <td className="small text-nowrap">{formatDateTime(c.at)}</td>
                <td className="small">
                  <div>{c.what}</div>
                  <div className="text-muted text-break">{c.method === EVENT ? t.event : `${c.method} ${c.path}`}</div>
                </td>
                <td>
                  <Badge bg={c.ok ? 'success' : 'danger'}>
                    {c.ok ? t.ok : t.error} {c.method === EVENT ? '' : c.status === 0 ? `(${t.noAnswer})` : c.status}
                  </Badge>
                </td>
                <td className="small">{c.orderId !== null && <Link to={`/orders/${c.orderId}`}>{c.orderId}</Link>}</td>
                <td className={`small text-break ${c.ok ? '' : 'text-danger'}`} style={{ maxWidth: 360 }}>
                  {c.message}
                </td>
                <td className="small text-end text-nowrap">{c.method === EVENT ? '' : `${c.ms} ms`}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {data && <LogPager page={page} pages={pages} count={data.count} text={t.page} onPage={setPage} />}
    </div>
  );
}
