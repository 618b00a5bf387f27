import {
  Alert,
  errorMessage,
  formatDateTime,
  PluginCallsScreen,
  SectionCard,
  Spinner,
  Table,
} from '@zaplecze/plugin-sdk-web';
import { useLog } from './api';

/** 'Dziennik': what the import did (statuses changed by the shop, refusals) and every call to the shop. */
export default function LogPage(props: { pluginId: string; controller: string }) {
  const log = useLog();
  return (
    <>
      <SectionCard title="Zdarzenia importu" icon="list-check" className="mb-3" testId="woo-events">
        {log.error ? (
          <Alert variant="danger">{errorMessage(log.error)}</Alert>
        ) : !log.data ? (
          <Spinner size="sm" />
        ) : log.data.length === 0 ? (
          <p className="text-muted mb-0">Jeszcze nic się nie wydarzyło.</p>
        ) : (
          <Table size="sm" responsive className="mb-0">
            <tbody>
              {log.data.slice(0, 20).map((e) => (
                <tr key={e.id}>
                  <td className="text-nowrap small text-muted">{formatDateTime(e.at)}</td>
                  <td>{e.message}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </SectionCard>
      <PluginCallsScreen {...props} />
    </>
  );
}
