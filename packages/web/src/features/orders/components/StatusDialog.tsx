import type { OrderRow } from '@zaplecze/contract';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { listResources } from '@web/data/lists.api';
import { format, m } from '@web/i18n';
import { ColorBadge } from '@web/ui/ColorBadge';
import { NamedOptions } from '@web/ui/NamedOptions';
import { changeOrder } from '../orders.api';
import { ordersText } from '../texts';

export interface StatusDialogProps {
  row: OrderRow;
  onClose(): void;
  /** After a save: the row is read again. */
  onSaved(id: number): void;
}

/**
 * 'Zmień status' (docs/rules/catalogue-and-orders-rules.md §2.13): a status to choose, 'Nie wybrano statusu do zmiany'
 * when none is; the order is read, its status changed and saved (§4).
 */
export function StatusDialog({ row, onClose, onSaved }: StatusDialogProps) {
  const t = ordersText().status;
  const toast = useToast();
  const statuses = listResources.orderStatuses.useList();
  const [statusId, setStatusId] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (statusId === '') {
      toast.warning(t.noneTitle, t.none);
      return;
    }
    setSaving(true);
    try {
      const saved = await changeOrder(row.id, (body) => ({ ...body, orderStatusId: Number(statusId) }));
      toast.success(ordersText().list.savedTitle, format(t.saved, { id: row.id, name: saved.orderStatus.name }));
      onSaved(row.id);
      onClose();
    } catch (err) {
      toast.error(t.errorTitle, errorMessage(err));
      setSaving(false);
    }
  };

  return (
    <Modal show onHide={onClose} centered data-testid="order-status-dialog">
      <Form onSubmit={(e) => void submit(e)} noValidate>
        <Modal.Header closeButton>
          <Modal.Title>{format(t.title, { id: row.id })}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <div className="mb-3">
            <span className="text-muted small me-2">{t.current}:</span>
            <ColorBadge color={row.orderStatus.color}>{row.orderStatus.name}</ColorBadge>
          </div>
          <Form.Group controlId="order-status-select">
            <Form.Label>{t.label}</Form.Label>
            {statuses.isPending ? (
              <div>
                <Spinner animation="border" size="sm" />
              </div>
            ) : statuses.error ? (
              <div className="text-danger small" data-testid="order-status-load-error">
                {t.loadErrorTitle}: {errorMessage(statuses.error)}
              </div>
            ) : (
              <Form.Select
                value={statusId}
                onChange={(e) => setStatusId(e.target.value)}
                autoFocus
                data-testid="order-status-select"
              >
                <option value="">{t.choose}</option>
                <NamedOptions rows={statuses.data.filter((s) => s.id !== row.orderStatus.id)} />
              </Form.Select>
            )}
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {m().common.cancel}
          </Button>
          <Button type="submit" variant="primary" disabled={saving} data-testid="order-status-save">
            {saving && <Spinner animation="border" size="sm" className="me-1" />}
            {saving ? t.saving : t.save}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
