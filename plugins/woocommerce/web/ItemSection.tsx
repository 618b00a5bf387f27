import { useState } from 'react';
import type { Item } from '@zaplecze/contract';
import {
  Alert,
  api,
  Badge,
  Button,
  errorMessage,
  Form,
  InputGroup,
  SectionCard,
  Spinner,
  useQueryClient,
  useToast,
} from '@zaplecze/plugin-sdk-web';
import { BASE, useLink, wooKeys } from './api';

/** 'WooCommerce' on the item edit page: the linked product (by SKU = code automatically, or by hand). */
export default function ItemSection({ item }: { item: Item | undefined }) {
  const link = useLink(item?.id);
  const toast = useToast();
  const client = useQueryClient();
  const [sku, setSku] = useState('');
  if (!item) return null;
  async function save(value: string) {
    try {
      await api.put(`${BASE}/link`, { json: { itemId: item!.id, sku: value } });
      setSku('');
      await client.invalidateQueries({ queryKey: wooKeys.link(item!.id) });
    } catch (err) {
      toast.show('error', { title: 'Nie połączono', body: errorMessage(err) });
    }
  }
  return (
    <SectionCard title="WooCommerce" icon="shop" className="mb-3" testId="woo-item-section">
      {link.error ? (
        <Alert variant="danger">{errorMessage(link.error)}</Alert>
      ) : link.isPending ? (
        <Spinner size="sm" />
      ) : link.data ? (
        <div className="d-flex align-items-center gap-2 flex-wrap">
          <span>
            Produkt SKU <strong>{link.data.sku}</strong> (id{' '}
            {link.data.variationId ? `${link.data.productId}/${link.data.variationId}` : link.data.productId})
          </span>
          <Badge bg={link.data.auto ? 'secondary' : 'info'}>{link.data.auto ? 'po SKU' : 'ręcznie'}</Badge>
          {link.data.lastStock !== null && (
            <span className="small text-muted">wysłany stan: {link.data.lastStock}</span>
          )}
          <Button size="sm" variant="outline-danger" onClick={() => void save('')}>
            Rozłącz
          </Button>
        </div>
      ) : (
        <>
          <p className="small text-muted">
            Nie połączono. Produkt o SKU równym kodowi towaru połączy się sam; inny podaj ręcznie.
          </p>
          <InputGroup style={{ maxWidth: 420 }}>
            <Form.Control
              placeholder="SKU w sklepie"
              aria-label="SKU w sklepie"
              value={sku}
              onChange={(e) => setSku(e.target.value)}
            />
            <Button variant="outline-primary" disabled={sku.trim() === ''} onClick={() => void save(sku.trim())}>
              Połącz
            </Button>
          </InputGroup>
        </>
      )}
    </SectionCard>
  );
}
