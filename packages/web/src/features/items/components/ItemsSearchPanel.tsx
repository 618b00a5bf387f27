import { COUNT_TYPES, ITEM_SORTS, REF_FILTER_ANY, REF_FILTER_NONE, type CountType } from '@zaplecze/contract';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { NodePicker } from '@web/features/catalog-trees/components/NodePicker';
import { useCategories, usePlaces } from '@web/data/trees.api';
import { listResources } from '@web/data/lists.api';
import { useSlot } from '@web/extensions/slots';
import {
  clearedForm,
  pluginFilterValues,
  criteriaToForm,
  formToCriteria,
  searchFormErrors,
  type ItemCriteria,
  type ItemSearchForm,
  type ItemUrlSchema,
  type RangeKey,
} from '../search';
import { itemsText } from '../texts';
import { SearchField as Field, SearchPanel, SearchPanelForm, SortPageSizeFields } from '@web/ui/list-page';
import { NamedOptions } from '@web/ui/NamedOptions';
import { NumberInput } from '@web/ui/NumberInput';

export interface ItemsSearchPanelProps {
  show: boolean;
  onHide(): void;
  /** The criteria in the URL now (the form opens with them). */
  criteria: ItemCriteria;
  schema: ItemUrlSchema;
  onSearch(criteria: ItemCriteria): void;
}

/** The slide-out item search (docs/rules/catalogue-and-orders-rules.md §2.2). */
export function ItemsSearchPanel({ show, onHide, ...rest }: ItemsSearchPanelProps) {
  const t = itemsText().search;
  return (
    <SearchPanel show={show} onHide={onHide} title={t.title} testId="items">
      <SearchForm {...rest} />
    </SearchPanel>
  );
}

function SearchForm({ criteria, schema, onSearch }: Omit<ItemsSearchPanelProps, 'show' | 'onHide'>) {
  const t = itemsText().search;
  const toast = useToast();
  const statuses = listResources.itemStatuses.useList();
  const groups = listResources.itemGroups.useList();
  const categories = useCategories();
  const places = usePlaces();
  const [f, setF] = useState<ItemSearchForm>(() => criteriaToForm(criteria));
  // The plugins' filters (slot items.search.filters) keep their own text values by parameter.
  const filters = useSlot('items.search.filters');
  const params = useMemo(() => filters.flatMap((x) => x.params), [filters]);
  const [pluginValues, setPluginValues] = useState<Record<string, string>>(() => pluginFilterValues(criteria, params));
  const set = <K extends keyof ItemSearchForm>(key: K, value: ItemSearchForm[K]) =>
    setF((p) => ({ ...p, [key]: value }));

  const loadError = statuses.error ?? groups.error ?? categories.error ?? places.error;
  useEffect(() => {
    if (loadError) toast.error(itemsText().list.loadErrorTitle, errorMessage(loadError));
  }, [loadError, toast]);

  const [tried, setTried] = useState(false);
  const errors = tried ? searchFormErrors(f) : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(searchFormErrors(f)).length > 0) return;
    const next: Record<string, unknown> = { ...formToCriteria(f, schema) };
    for (const p of params) {
      const v = pluginValues[p]?.trim();
      next[p] = v ? v : undefined;
    }
    onSearch(next as ItemCriteria);
  };

  const text = (key: 'code' | 'name' | 'gtin' | 'extCode', label: string, upper = false) => (
    <Field id={`items-search-${key}`} label={label}>
      <Form.Control
        id={`items-search-${key}`}
        value={f[key]}
        onChange={(e) => set(key, upper ? e.target.value.toUpperCase() : e.target.value)}
        data-testid={`items-search-${key}`}
      />
    </Field>
  );
  // Prices take a decimal comma ('12,5'); quantities and photo counts are whole numbers.
  const number = (key: RangeKey, label: string, money = false) => (
    <Col>
      <Field id={`items-search-${key}`} label={label}>
        <NumberInput
          integer={!money}
          id={`items-search-${key}`}
          value={f[key]}
          onChange={(e) => set(key, e.target.value)}
          isInvalid={key in errors}
          data-testid={`items-search-${key}`}
        />
        {errors[key] && (
          <Form.Control.Feedback type="invalid" data-testid={`items-search-${key}-error`}>
            {errors[key]}
          </Form.Control.Feedback>
        )}
      </Field>
    </Col>
  );
  // '' = no filter; -1 = the item has none; -2 = the item has any (docs/rules/catalogue-and-orders-rules.md §2.2).
  const leading = (anyLabel: string) => [
    { value: '', label: t.refAll },
    { value: String(REF_FILTER_NONE), label: t.refNone },
    { value: String(REF_FILTER_ANY), label: anyLabel },
  ];

  return (
    <SearchPanelForm
      testId="items"
      onSubmit={submit}
      onClear={() => {
        setF(clearedForm(f));
        setPluginValues({});
        setTried(false);
      }}
      texts={t}
    >
      {text('code', t.code, true)}
      {text('name', t.name)}
      <Row className="g-2">
        <Col>{text('gtin', t.gtin)}</Col>
        <Col>{text('extCode', t.extCode)}</Col>
      </Row>
      <Row className="g-2">
        {number('priceFrom', t.priceFrom, true)}
        {number('priceTo', t.priceTo, true)}
      </Row>
      <Row className="g-2">
        {number('countFrom', t.countFrom)}
        {number('countTo', t.countTo)}
      </Row>
      <Field id="items-search-countType" label={t.countType}>
        <Form.Select
          id="items-search-countType"
          value={f.countType}
          onChange={(e) => set('countType', e.target.value as CountType)}
          data-testid="items-search-countType"
        >
          {COUNT_TYPES.map((c) => (
            <option key={c} value={c}>
              {t.countTypes[c]}
            </option>
          ))}
        </Form.Select>
      </Field>
      <Row className="g-2">
        {number('countPhotosFrom', t.photosFrom)}
        {number('countPhotosTo', t.photosTo)}
      </Row>
      <Field id="items-search-status" label={t.status}>
        <Form.Select
          id="items-search-status"
          value={f.statusId}
          onChange={(e) => set('statusId', e.target.value)}
          data-testid="items-search-status"
        >
          <option value="">{t.anyStatus}</option>
          {!statuses.data && f.statusId !== '' && <option value={f.statusId}>#{f.statusId}</option>}
          <NamedOptions rows={statuses.data ?? []} />
        </Form.Select>
      </Field>
      <Field id="items-search-group" label={t.group}>
        <Form.Select
          id="items-search-group"
          value={f.groupId}
          onChange={(e) => set('groupId', e.target.value)}
          data-testid="items-search-group"
        >
          {leading(t.refAny).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
          {!groups.data && Number(f.groupId) > 0 && <option value={f.groupId}>#{f.groupId}</option>}
          <NamedOptions rows={groups.data ?? []} />
        </Form.Select>
      </Field>
      <Field id="items-search-category" label={t.category}>
        <NodePicker
          kind="categories"
          id="items-search-category"
          value={f.catId}
          onChange={(v) => set('catId', v)}
          nodes={categories.data ?? []}
          leading={leading(t.refAny)}
          testId="items-search-category"
        />
      </Field>
      <Field id="items-search-place" label={t.place}>
        <NodePicker
          kind="places"
          id="items-search-place"
          value={f.placeId}
          onChange={(v) => set('placeId', v)}
          nodes={places.data ?? []}
          leading={leading(t.refAnyPlace)}
          testId="items-search-place"
        />
      </Field>
      {filters.map((x) => (
        <x.component
          key={x.id}
          value={Object.fromEntries(x.params.map((p) => [p, pluginValues[p] ?? '']))}
          onChange={(v) => setPluginValues((old) => ({ ...old, ...v }))}
        />
      ))}
      <SortPageSizeFields
        testId="items"
        sorts={ITEM_SORTS}
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
