import { useState } from 'react';
import type { Item } from '@zaplecze/contract';
import {
  Alert,
  api,
  Badge,
  Button,
  errorMessage,
  Form,
  formatDateTime,
  InputGroup,
  SectionCard,
  Spinner,
  Table,
  useMutation,
  useQueryClient,
  useToast,
} from '@zaplecze/plugin-sdk-web';
import { offersAnswerSchema } from '../schemas';
import { allegroKeys, BASE, useOffers } from './api';

/**
 * 'Allegro' on the item edit page: the offers linked to the item and their state on Allegro; an
 * offer linked by hand by its number (one read by the last sync), and a hand link undone.
 */
export default function ItemOffersSection({ item }: { item: Item | undefined }) {
  const offers = useOffers(item?.id);
  const qc = useQueryClient();
  const toast = useToast();
  const [offerId, setOfferId] = useState('');
  const link = useMutation({
    mutationFn: (v: { offerId: string; itemId: number | null }) =>
      api.put(`${BASE}/offer_link`, { json: v, schema: offersAnswerSchema }),
    onSuccess: async () => {
      setOfferId('');
      await qc.invalidateQueries({ queryKey: allegroKeys.offers(item?.id ?? 0) });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  if (!item) return null;
  return (
    <SectionCard title="Allegro" icon="shop" className="mb-3" testId="allegro-item-section">
      {offers.error ? (
        <Alert variant="danger">Nie udało się wczytać ofert Allegro.</Alert>
      ) : !offers.data ? (
        <Spinner size="sm" />
      ) : offers.data.length === 0 ? (
        <p className="text-secondary">
          Brak powiązanych ofert. Oferta łączy się sama, gdy jej sygnatura (external id) jest równa kodowi lub GTIN
          towaru; możesz też powiązać ją ręcznie poniżej.
        </p>
      ) : (
        <Table size="sm" responsive className="mb-3">
          <thead>
            <tr>
              <th>Oferta</th>
              <th>Powiązanie</th>
              <th>Stan oferty</th>
              <th>Sztuk na Allegro</th>
              <th>Cena</th>
              <th>Aktualizacja</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {offers.data.map((o) => (
              <tr key={o.offerId}>
                <td>
                  <div className="font-monospace">{o.offerId}</div>
                  <div className="small text-secondary">{o.name}</div>
                </td>
                <td>{o.link === 'manual' ? 'ręczne' : 'po sygnaturze'}</td>
                <td>
                  <Badge bg={o.status === 'ACTIVE' ? 'success' : 'secondary'}>
                    {o.status === 'ACTIVE' ? 'aktywna' : o.status.toLowerCase()}
                  </Badge>
                  {o.lastError && <div className="small text-danger">{o.lastError}</div>}
                </td>
                <td>{o.stock ?? '—'}</td>
                <td>{o.price !== null ? `${o.price.toFixed(2).replace('.', ',')} zł` : '—'}</td>
                <td className="small">{o.updatedAt ? formatDateTime(o.updatedAt) : '—'}</td>
                <td>
                  {o.link === 'manual' && (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      disabled={link.isPending}
                      onClick={() => link.mutate({ offerId: o.offerId, itemId: null })}
                    >
                      Odłącz
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Form.Label htmlFor="allegro-link-offer">Powiąż ofertę ręcznie (numer oferty Allegro)</Form.Label>
      <InputGroup style={{ maxWidth: '28rem' }}>
        <Form.Control
          id="allegro-link-offer"
          inputMode="numeric"
          value={offerId}
          maxLength={20}
          onChange={(e) => setOfferId(e.target.value)}
        />
        <Button
          variant="outline-primary"
          disabled={link.isPending || offerId.trim() === ''}
          onClick={() => link.mutate({ offerId: offerId.trim(), itemId: item.id })}
          data-testid="allegro-link-offer-save"
        >
          Powiąż
        </Button>
      </InputGroup>
    </SectionCard>
  );
}
