import { Alert, Badge, SectionCard, Spinner } from '@zaplecze/plugin-sdk-web';
import { useWidget } from './api';

/** Home widget: orders imported from Allegro today, failed calls today and the last error. */
export default function HomeWidget() {
  const w = useWidget();
  return (
    <SectionCard title="Allegro dziś" icon="shop" testId="allegro-widget">
      {w.error ? (
        <Alert variant="danger" className="mb-0">
          Nie udało się wczytać danych Allegro.
        </Alert>
      ) : !w.data ? (
        <Spinner size="sm" />
      ) : (
        <>
          <p className="mb-1">
            Zaimportowane zamówienia: <strong data-testid="allegro-widget-imported">{w.data.importedToday}</strong>
          </p>
          <p className="mb-1">
            Błędy połączeń: <strong>{w.data.errorsToday}</strong>
            {w.data.state === 'reconnect' && (
              <Badge bg="danger" className="ms-2">
                Połącz ponownie
              </Badge>
            )}
          </p>
          {w.data.lastError && <p className="small text-danger mb-0">{w.data.lastError}</p>}
        </>
      )}
    </SectionCard>
  );
}
