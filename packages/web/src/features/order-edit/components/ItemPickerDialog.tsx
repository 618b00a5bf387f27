import type { ItemRow } from '@zaplecze/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { errorMessage } from '@web/platform/api';
import { format, formatMoney } from '@web/i18n';
import { PageSpinner } from '@web/ui/PageSpinner';
import { PICKER_LIMIT, searchItems } from '../order-edit.api';
import { orderEditText } from '../texts';

export interface ItemPickerDialogProps {
  show: boolean;
  /** The line's code, the starting search. */
  initialCode: string;
  onChoose(item: ItemRow): void;
  onClose(): void;
}

/** The item search dialog of an order line (§2.14 'link to product'): code and name, then choose. */
export function ItemPickerDialog({ show, initialCode, onChoose, onClose }: ItemPickerDialogProps) {
  const t = orderEditText().picker;
  const [code, setCode] = useState(initialCode);
  const [name, setName] = useState('');
  const [criteria, setCriteria] = useState({ code: initialCode, name: '' });
  const result = useQuery({
    queryKey: ['items', 'picker', criteria],
    queryFn: ({ signal }) => searchItems(criteria, signal),
    enabled: show,
  });
  const rows = result.data?.rows ?? [];
  return (
    <Modal show={show} onHide={onClose} size="lg" data-testid="item-picker">
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t.title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form
          className="d-flex flex-wrap align-items-end gap-2 mb-3"
          onSubmit={(e) => {
            e.preventDefault();
            // The dialog is a portal inside the order form's React tree: its submit must not
            // bubble up to the order form and save the order.
            e.stopPropagation();
            setCriteria({ code, name });
          }}
        >
          <Form.Group controlId="item-picker-code">
            <Form.Label className="small mb-1">{t.code}</Form.Label>
            <Form.Control
              size="sm"
              value={code}
              autoFocus
              onChange={(e) => setCode(e.target.value.toUpperCase())}
              data-testid="item-picker-code"
            />
          </Form.Group>
          <Form.Group controlId="item-picker-name" className="flex-grow-1">
            <Form.Label className="small mb-1">{t.name}</Form.Label>
            <Form.Control
              size="sm"
              value={name}
              onChange={(e) => setName(e.target.value)}
              data-testid="item-picker-name"
            />
          </Form.Group>
          <Button type="submit" size="sm" data-testid="item-picker-search">
            <i className="bi bi-search me-1" aria-hidden="true" />
            {t.search}
          </Button>
        </Form>
        {result.isPending ? (
          <PageSpinner />
        ) : result.error ? (
          <Alert variant="danger">{errorMessage(result.error)}</Alert>
        ) : rows.length === 0 ? (
          <p className="text-muted mb-0">{t.empty}</p>
        ) : (
          <>
            <Table size="sm" hover responsive className="align-middle mb-1">
              <thead>
                <tr>
                  <th>{t.code}</th>
                  <th>{t.name}</th>
                  <th className="text-end">{t.price}</th>
                  <th className="text-end">{t.count}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id} data-testid="item-picker-row">
                    <td className="text-nowrap">{r.code}</td>
                    <td>{r.name}</td>
                    <td className="text-end text-nowrap">{formatMoney(r.price, r.currency)}</td>
                    <td className="text-end">{r.countWare}</td>
                    <td className="text-end">
                      <Button size="sm" variant="outline-primary" onClick={() => onChoose(r)}>
                        {t.choose}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
            {(result.data?.count ?? 0) > PICKER_LIMIT && (
              <p className="small text-muted mb-0">{format(t.more, { n: PICKER_LIMIT })}</p>
            )}
          </>
        )}
      </Modal.Body>
    </Modal>
  );
}
