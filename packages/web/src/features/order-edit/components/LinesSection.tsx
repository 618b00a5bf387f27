import { formatVat, type ItemRow } from '@zaplecze/contract';
import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Table from 'react-bootstrap/Table';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Link } from 'react-router';
import { errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { format, formatMoney } from '@web/i18n';
import { dotDecimal } from '@web/features/item-edit/margin';
import { NumberInput } from '@web/ui/NumberInput';
import { SectionCard } from '@web/ui/SectionCard';
import { findItemByBarcode, useItemsStock } from '../order-edit.api';
import {
  addScanned,
  lineStockNotes,
  lineSum,
  linkedLine,
  newLine,
  orderTotals,
  typedCodeLine,
  type OrderFormValues,
} from '../order-form';
import { orderEditText } from '../texts';
import { useErrorOf } from './Field';
import { ItemPickerDialog } from './ItemPickerDialog';

export interface LinesSectionProps {
  vatRates: readonly string[];
  /** VAT of a line added by hand. */
  lineVat: string;
  disabled: boolean;
  /** The stored order's lines (their stock is already taken), none for a new order. */
  stored?: readonly { itemId: number | null; quantity: number }[];
}

/** Items (§2.14): add a line, scan a code (adds or raises), link a line to a product. */
export function LinesSection({ vatRates, lineVat, disabled, stored = [] }: LinesSectionProps) {
  const t = orderEditText();
  const li = t.items;
  const toast = useToast();
  const { control, register, watch, getValues, setValue } = useFormContext<OrderFormValues>();
  const { fields, append, remove, update } = useFieldArray({ control, name: 'items' });
  const errorOf = useErrorOf();
  const [scan, setScan] = useState('');
  const [scanning, setScanning] = useState(false);
  const [picking, setPicking] = useState<number>();
  const scanRef = useRef<HTMLInputElement>(null);
  const lines = watch('items');
  const totals = orderTotals(lines, watch('deliveryCost'));
  const currency = watch('currency');
  const stock = useItemsStock(lines.flatMap((l) => (l.itemId === null ? [] : [l.itemId])));
  const stockNotes = lineStockNotes(lines, stock, stored);

  // A code typed into a line is looked up as a scan is, when the field is left or Enter pressed.
  const onCodeDone = async (i: number) => {
    const line = getValues(`items.${i}`);
    const code = line?.code.trim() ?? '';
    if (!line || code === '' || line.itemId !== null) return;
    let item: ItemRow | undefined;
    try {
      item = await findItemByBarcode(code);
    } catch {
      return; // a failed lookup leaves the line as typed (a line need not be a catalogue item)
    }
    const now = getValues(`items.${i}`);
    // Changed meanwhile (another code typed, the line removed or linked): leave it alone.
    if (!item || !now || now.code.trim() !== code || now.itemId !== null) return;
    const next = typedCodeLine(now, item);
    for (const k of ['code', 'name', 'price', 'vat', 'itemId'] as const)
      setValue(`items.${i}.${k}`, next[k], { shouldDirty: true, shouldValidate: k === 'price' });
  };

  const onScan = async () => {
    const code = scan.trim();
    if (code === '' || scanning) return;
    setScanning(true);
    try {
      const item = await findItemByBarcode(code);
      if (!item) {
        toast.error(li.notFound, format(li.notFoundBody, { code }));
        return;
      }
      const next = addScanned(getValues('items'), item);
      const line = next.lines[next.row];
      if (line) {
        if (next.added) append(line, { shouldFocus: false });
        else update(next.row, line);
      }
      setScan('');
    } catch (err) {
      toast.error(li.notFound, errorMessage(err));
    } finally {
      setScanning(false);
      scanRef.current?.focus();
    }
  };

  const onPick = (item: ItemRow) => {
    if (picking === undefined) return;
    const current = getValues(`items.${picking}`);
    update(picking, linkedLine(current, item));
    setPicking(undefined);
  };

  return (
    <SectionCard title={li.title} icon="list-ul" className="mb-3" testId="order-lines">
      <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <Form.Group controlId="order-scan" style={{ minWidth: '18rem' }}>
          <Form.Label className="small mb-1">{li.scan}</Form.Label>
          <InputGroup size="sm">
            <Form.Control
              ref={scanRef}
              value={scan}
              placeholder={li.scanPlaceholder}
              autoComplete="off"
              disabled={disabled}
              onChange={(e) => setScan(e.target.value)}
              // A reader ends a scan with Enter: it adds the item and never submits the form.
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void onScan();
                }
              }}
              data-testid="order-scan"
            />
            <Button
              variant="outline-secondary"
              disabled={disabled || scanning}
              onClick={() => void onScan()}
              data-testid="order-scan-add"
            >
              <i className="bi bi-upc-scan me-1" aria-hidden="true" />
              {li.scanAdd}
            </Button>
          </InputGroup>
        </Form.Group>
        <Button
          size="sm"
          variant="outline-primary"
          className="ms-auto"
          disabled={disabled}
          onClick={() => append(newLine(lineVat), { shouldFocus: true, focusName: `items.${fields.length}.code` })}
          data-testid="order-line-add"
        >
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {li.add}
        </Button>
      </div>
      {fields.length === 0 ? (
        <p className="text-muted mb-0" data-testid="order-lines-empty">
          {li.empty}
        </p>
      ) : (
        <Table size="sm" responsive className="align-middle mb-2" data-testid="order-lines-table">
          <thead>
            <tr className="small text-body-secondary">
              <th style={{ width: '2rem' }}>#</th>
              <th style={{ minWidth: '9rem' }}>{li.code}</th>
              <th style={{ minWidth: '14rem' }}>{li.name}</th>
              <th style={{ width: '6rem' }}>{li.quantity}</th>
              <th style={{ width: '8rem' }}>{li.price}</th>
              <th style={{ width: '6.5rem' }}>{li.vat}</th>
              <th className="text-end" style={{ width: '7rem' }}>
                {li.sum}
              </th>
              <th className="text-end" style={{ width: '7.5rem' }}>
                <span className="visually-hidden">{li.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((f, i) => {
              const line = lines[i];
              const sum = line ? lineSum(line) : undefined;
              const itemId = line?.itemId ?? null;
              const priceReg = register(`items.${i}.price`);
              const err = (k: string) => errorOf(`items.${i}.${k}`);
              return (
                <tr key={f.id} data-testid="order-line">
                  <td className="text-muted small">{i + 1}</td>
                  <td>
                    <Form.Control
                      size="sm"
                      aria-label={li.code}
                      autoComplete="off"
                      {...register(`items.${i}.code`, {
                        // A changed code clears the product link (§2.14).
                        onChange: () => setValue(`items.${i}.itemId`, null),
                        onBlur: () => void onCodeDone(i),
                      })}
                      onKeyDown={(e) => {
                        if (e.key !== 'Enter') return;
                        e.preventDefault();
                        void onCodeDone(i);
                      }}
                      data-testid="order-line-code"
                    />
                    {itemId !== null && stockNotes.has(itemId) && (
                      <div className="small text-warning-emphasis lh-sm mt-1" data-testid="order-line-stock">
                        <i className="bi bi-exclamation-triangle me-1" aria-hidden="true" />
                        {format(li.noStock, { n: stockNotes.get(itemId) ?? 0 })}
                      </div>
                    )}
                  </td>
                  <td>
                    <Form.Control
                      size="sm"
                      aria-label={li.name}
                      {...register(`items.${i}.name`)}
                      data-testid="order-line-name"
                    />
                  </td>
                  <td>
                    <NumberInput
                      size="sm"
                      integer
                      aria-label={li.quantity}
                      isInvalid={!!err('quantity')}
                      {...register(`items.${i}.quantity`)}
                      data-testid="order-line-quantity"
                    />
                    <LineError message={err('quantity')} />
                  </td>
                  <td>
                    <NumberInput
                      size="sm"
                      aria-label={li.price}
                      isInvalid={!!err('price')}
                      {...priceReg}
                      onBlur={(e) => {
                        setValue(`items.${i}.price`, dotDecimal(e.target.value));
                        return priceReg.onBlur(e);
                      }}
                      data-testid="order-line-price"
                    />
                    <LineError message={err('price')} />
                  </td>
                  <td>
                    <Form.Select
                      size="sm"
                      aria-label={li.vat}
                      isInvalid={!!err('vat')}
                      {...register(`items.${i}.vat`)}
                      data-testid="order-line-vat"
                    >
                      <option value="">{t.choose}</option>
                      {vatRates.map((r) => (
                        <option key={r} value={r}>
                          {formatVat(r)}
                        </option>
                      ))}
                    </Form.Select>
                    <LineError message={err('vat')} />
                  </td>
                  <td className="text-end text-nowrap" data-testid="order-line-sum">
                    {sum === undefined ? '—' : formatMoney(sum / 100)}
                  </td>
                  <td className="text-end text-nowrap">
                    {itemId !== null ? (
                      <Link
                        to={`/items/${itemId}`}
                        className="btn btn-sm btn-outline-success me-1"
                        title={li.linked}
                        aria-label={li.linked}
                        data-testid="order-line-item-link"
                      >
                        <i className="bi bi-link-45deg" aria-hidden="true" />
                      </Link>
                    ) : null}
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      className="me-1"
                      title={li.link}
                      aria-label={li.link}
                      disabled={disabled}
                      onClick={() => setPicking(i)}
                      data-testid="order-line-pick"
                    >
                      <i className="bi bi-search" aria-hidden="true" />
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      title={li.remove}
                      aria-label={li.remove}
                      disabled={disabled}
                      onClick={() => remove(i)}
                      data-testid="order-line-remove"
                    >
                      <i className="bi bi-trash" aria-hidden="true" />
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      <dl className="row mb-0 small justify-content-end text-end" data-testid="order-totals">
        <dt className="col-8 col-md-10 fw-normal text-body-secondary">{li.goodsSum}</dt>
        <dd className="col-4 col-md-2 mb-0 fw-semibold" data-testid="order-goods-sum">
          {formatMoney(totals.goods / 100, currency)}
        </dd>
        <dt className="col-8 col-md-10 fw-normal text-body-secondary">{li.orderSum}</dt>
        <dd className="col-4 col-md-2 mb-0 fw-semibold" data-testid="order-sum">
          {formatMoney(totals.all / 100, currency)}
        </dd>
      </dl>
      {picking !== undefined && (
        <ItemPickerDialog
          show
          initialCode={getValues(`items.${picking}.code`) ?? ''}
          onChoose={onPick}
          onClose={() => setPicking(undefined)}
        />
      )}
    </SectionCard>
  );
}

/** A line field's message, under its input (only when there is one). */
function LineError({ message }: { message: string | undefined }) {
  return message ? <div className="invalid-feedback d-block small lh-sm">{message}</div> : null;
}
