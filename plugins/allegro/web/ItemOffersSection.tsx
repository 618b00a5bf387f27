import type { Item } from '@zaplecze/contract';
import { Alert, Badge, formatDateTime, SectionCard, Spinner, Table } from '@zaplecze/plugin-sdk-web';
import { useOffers } from './api';

/** 'Allegro' on the item edit page: the offers linked to the item and their state on Allegro. */
export default function ItemOffersSection({ item }: { item: Item | undefined }) {
  const offers = useOffers(item?.id);
  if (!item) return null;
  return (
    <SectionCard title="Allegro" icon="shop" className="mb-3" testId="allegro-item-section">
      {offers.error ? (
        <Alert variant="danger">Nie udało się wczytać ofert Allegro.</Alert>
      ) : !offers.data ? (
        <Spinner size="sm" />
      ) : offers.data.length === 0 ? (
        <p className="text-secondary mb-0">
          Brak powiązanych ofert. Oferta łączy się sama, gdy jej sygnatura (external id) jest równa kodowi towaru.
        </p>
      ) : (
        <Table size="sm" responsive className="mb-0">
          <thead>
            <tr>
              <th>Oferta</th>
              <th>Powiązanie</th>
              <th>Stan oferty</th>
              <th>Sztuk na Allegro</th>
              <th>Cena</th>
              <th>Aktualizacja</th>
            </tr>
          </thead>
          <tbody>
            {offers.data.map((o) => (
              <tr key={o.offerId}>
                <td>
                  <div className="font-monospace">{o.offerId}</div>
                  <div className="small text-secondary">{o.name}</div>
                </td>
                <td>{o.link === 'manual' ? 'ręczne' : 'po kodzie'}</td>
                <td>
                  <Badge bg={o.status === 'ACTIVE' ? 'success' : 'secondary'}>
                    {o.status === 'ACTIVE' ? 'aktywna' : o.status.toLowerCase()}
                  </Badge>
                  {o.lastError && <div className="small text-danger">{o.lastError}</div>}
                </td>
                <td>{o.stock ?? '—'}</td>
                <td>{o.price !== null ? `${o.price.toFixed(2).replace('.', ',')} zł` : '—'}</td>
                <td className="small">{o.updatedAt ? formatDateTime(o.updatedAt) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </SectionCard>
  );
}
