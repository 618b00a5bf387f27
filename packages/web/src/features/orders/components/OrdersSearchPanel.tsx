import { ORDER_SORTS, PROBLEM_FILTERS, type InvoiceType, type ProblemFilter } from '@zaplecze/contract';
import { useEffect, useState, type FormEvent } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { listResources } from '@web/data/lists.api';
import { SearchField as Field, SearchPanel, SearchPanelForm, SortPageSizeFields } from '@web/ui/list-page';
import { DateInput } from '@web/ui/DateInput';
import { NamedOptions } from '@web/ui/NamedOptions';
import { NumberInput } from '@web/ui/NumberInput';
import { uiText } from '@web/ui/texts';
import {
  clearedForm,
  criteriaToForm,
  formToCriteria,
  invoiceTypes,
  searchFormErrors,
  type OrderCriteria,
  type OrderSearchForm,
  type OrderUrlSchema,
} from '../search';
import { ordersText } from '../texts';

export interface OrdersSearchPanelProps {
  show: boolean;
  onHide(): void;
  /** The criteria in the URL now (the form opens with them). */
  criteria: OrderCriteria;
  schema: OrderUrlSchema;
  onSearch(criteria: OrderCriteria): void;
}

/** The order search panel (docs/rules/catalogue-and-orders-rules.md §2.13), sliding out like the item search. */
export function OrdersSearchPanel({ show, onHide, ...rest }: OrdersSearchPanelProps) {
  const t = ordersText().search;
  return (
    <SearchPanel show={show} onHide={onHide} title={t.title} testId="orders">
      <SearchForm {...rest} />
    </SearchPanel>
  );
}

type TextKey = 'city' | 'postCode' | 'pickupPoint' | 'tel' | 'email' | 'bol' | 'buyer' | 'nip' | 'itemCode';

function SearchForm({ criteria, schema, onSearch }: Omit<OrdersSearchPanelProps, 'show' | 'onHide'>) {
  const t = ordersText().search;
  const toast = useToast();
  const statuses = listResources.orderStatuses.useList();
  const sources = listResources.incomeSources.useList();
  const [f, setF] = useState<OrderSearchForm>(() => criteriaToForm(criteria));
  const [tried, setTried] = useState(false);
  const set = <K extends keyof OrderSearchForm>(key: K, value: OrderSearchForm[K]) =>
    setF((p) => ({ ...p, [key]: value }));
  const errors = tried ? searchFormErrors(f) : {};

  const loadError = statuses.error ?? sources.error;
  useEffect(() => {
    if (loadError) toast.error(ordersText().list.loadErrorTitle, errorMessage(loadError));
  }, [loadError, toast]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(searchFormErrors(f)).length > 0) return;
    onSearch(formToCriteria(f, schema));
  };

  const input = (key: TextKey, label: string, extra: Record<string, string | number> = {}) => (
    <Field id={`orders-search-${key}`} label={label}>
      <Form.Control
        id={`orders-search-${key}`}
        value={f[key]}
        onChange={(e) => set(key, e.target.value)}
        data-testid={`orders-search-${key}`}
        {...extra}
      />
    </Field>
  );
  const date = (key: 'dateFrom' | 'dateTo', label: string) => (
    <Field id={`orders-search-${key}`} label={label}>
      <DateInput
        id={`orders-search-${key}`}
        value={f[key]}
        onChange={(v) => set(key, v)}
        isInvalid={key in errors}
        data-testid={`orders-search-${key}`}
      />
      {errors[key] && (
        <Form.Control.Feedback type="invalid">
          {errors[key] === 'dateRange' ? t.dateRange : uiText().dates.invalid}
        </Form.Control.Feedback>
      )}
    </Field>
  );

  return (
    <SearchPanelForm
      testId="orders"
      onSubmit={submit}
      onClear={() => {
        setF(clearedForm(f));
        setTried(false);
      }}
      texts={t}
    >
      <Field id="orders-search-number" label={t.number}>
        <NumberInput
          integer
          id="orders-search-number"
          value={f.number}
          onChange={(e) => set('number', e.target.value)}
          isInvalid={'number' in errors}
          data-testid="orders-search-number"
        />
        {errors.number && <Form.Control.Feedback type="invalid">{t.numberInvalid}</Form.Control.Feedback>}
      </Field>
      <Row className="g-2">
        <Col>{date('dateFrom', t.dateFrom)}</Col>
        <Col>{date('dateTo', t.dateTo)}</Col>
      </Row>
      <Field id="orders-search-status" label={t.status}>
        <Form.Select
          id="orders-search-status"
          value={f.statusId}
          onChange={(e) => set('statusId', e.target.value)}
          data-testid="orders-search-status"
        >
          <option value="">{t.any}</option>
          {!statuses.data && f.statusId !== '' && <option value={f.statusId}>#{f.statusId}</option>}
          <NamedOptions rows={statuses.data ?? []} />
        </Form.Select>
      </Field>
      <Field id="orders-search-incomeSrc" label={t.incomeSource}>
        <Form.Select
          id="orders-search-incomeSrc"
          value={f.incomeSrcId}
          onChange={(e) => set('incomeSrcId', e.target.value)}
          data-testid="orders-search-incomeSrc"
        >
          <option value="">{t.anySource}</option>
          {!sources.data && f.incomeSrcId !== '' && <option value={f.incomeSrcId}>#{f.incomeSrcId}</option>}
          <NamedOptions rows={sources.data ?? []} />
        </Form.Select>
      </Field>
      <Field id="orders-search-invoiceType" label={t.invoiceType}>
        <Form.Select
          id="orders-search-invoiceType"
          value={f.invoiceType}
          onChange={(e) => set('invoiceType', e.target.value as '' | InvoiceType)}
          data-testid="orders-search-invoiceType"
        >
          <option value="">{t.anyInvoice}</option>
          {invoiceTypes.map((x) => (
            <option key={x} value={x}>
              {t.invoiceTypes[x]}
            </option>
          ))}
        </Form.Select>
      </Field>
      <Row className="g-2">
        <Col>{input('city', t.city)}</Col>
        <Col xs={5}>{input('postCode', t.postCode)}</Col>
      </Row>
      {input('pickupPoint', t.pickupPoint)}
      <Row className="g-2">
        <Col>{input('tel', t.tel, { type: 'tel' })}</Col>
        <Col>{input('email', t.email)}</Col>
      </Row>
      {input('bol', t.bol)}
      {input('buyer', t.buyer)}
      <Row className="g-2">
        <Col>{input('nip', t.nip, { inputMode: 'numeric' })}</Col>
        <Col>{input('itemCode', t.itemCode)}</Col>
      </Row>
      <Field id="orders-search-hasProblem" label={t.hasProblem}>
        <Form.Select
          id="orders-search-hasProblem"
          value={f.hasProblem}
          onChange={(e) => set('hasProblem', e.target.value as '' | ProblemFilter)}
          data-testid="orders-search-hasProblem"
        >
          {(['', ...PROBLEM_FILTERS] as const).map((x) => (
            <option key={x} value={x}>
              {t.problems[x]}
            </option>
          ))}
        </Form.Select>
      </Field>
      <SortPageSizeFields
        testId="orders"
        sorts={ORDER_SORTS}
        sortLabels={t.sorts}
        sort={f.sort}
        onSort={(v) => set('sort', v)}
        perPage={f.perPage}
        onPerPage={(v) => set('perPage', v)}
        texts={t}
      />
    </SearchPanelForm>
  );
}
