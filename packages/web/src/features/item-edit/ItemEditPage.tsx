import { MAIN_PARAMETERS_CAT_ID, splitOptionList } from '@zaplecze/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { errorMessage } from '@web/platform/api';
import { useAuth } from '@web/platform/auth/AuthProvider';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { useParameters } from '@web/data/parameters.api';
import { useOptions } from '@web/data/options.api';
import { missingLists } from '@web/features/settings/settings-nav';
import { MissingListsAlert } from '@web/ui/MissingListsAlert';
import { PageSpinner } from '@web/ui/PageSpinner';
import { useCatalogLists } from './catalog-lists';
import { ItemForm, type ItemFormLists } from './components/ItemForm';
import { useItem } from './item-edit.api';
import type { ItemDefaults } from './item-form';
import { itemEditText } from './texts';

const OPTION_KEYS = [
  'VAT_VALUES',
  'VAT_DEFAULT_ITEM',
  'CURRENCY_VALUES',
  'CURRENCY_DEFAULT',
  'DEFAULT_ITEM_STATUS_ID',
] as const;

export const ITEMS_URL = '/items';

/** /items/{id}: edit an item; id 0 adds one (docs/rules/catalogue-and-orders-rules.md §2.3). A save goes back to /items. */
export default function ItemEditPage() {
  const t = itemEditText();
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id >= 0;
  const isNew = id === 0;
  const toast = useToast();
  const navigate = useNavigate();
  const login = useAuth().user?.login ?? '';

  const item = useItem(valid ? id : 0);
  const options = useOptions(OPTION_KEYS);
  const catalog = useCatalogLists();
  const [categoryId, setCategoryId] = useState('');
  const onCategory = useCallback((c: string) => setCategoryId(c), []);
  const catParams = useParameters({
    catId: categoryId === '' ? MAIN_PARAMETERS_CAT_ID : Number(categoryId),
    isCatStrict: false,
  });

  const listError = options.error ?? catalog.error;
  useEffect(() => {
    if (item.error) toast.error(t.edit.loadErrorTitle, errorMessage(item.error));
  }, [item.error, toast, t]);
  useEffect(() => {
    if (listError) toast.error(t.edit.loadErrorTitle, errorMessage(listError));
  }, [listError, toast, t]);

  const defaults = useMemo<ItemDefaults>(
    () => ({
      vat: options.data?.VAT_DEFAULT_ITEM ?? '',
      currency: options.data?.CURRENCY_DEFAULT ?? '',
      itemStatusId: options.data?.DEFAULT_ITEM_STATUS_ID ?? '',
    }),
    [options.data],
  );
  const lists = useMemo<ItemFormLists>(
    () => ({
      ...catalog.lists,
      vatValues: splitOptionList(options.data?.VAT_VALUES),
      currencyValues: splitOptionList(options.data?.CURRENCY_VALUES),
      categoryParams: catParams.data ?? [],
    }),
    [catalog.lists, options.data, catParams.data],
  );

  // A new organisation has them (its starter data); a seller who deleted them is told where they are.
  const missing = useMemo(
    () =>
      missingLists([
        ['item-statuses', t.missing.itemStatuses, !catalog.pending && catalog.lists.statuses.length === 0],
        ['settings-vat', t.missing.vat, options.data !== undefined && lists.vatValues.length === 0],
        ['settings-currencies', t.missing.currencies, options.data !== undefined && lists.currencyValues.length === 0],
      ]),
    [catalog.pending, catalog.lists.statuses, options.data, lists.vatValues, lists.currencyValues, t],
  );

  if (!valid) return <Navigate to={ITEMS_URL} replace />;
  const loading = (!isNew && item.isPending) || options.isPending || catalog.pending;
  return (
    <>
      <Link to={ITEMS_URL} className="d-inline-block mb-2 text-decoration-none" data-testid="item-back">
        <i className="bi bi-arrow-left me-1" aria-hidden="true" />
        {t.back}
      </Link>
      <h1 className="h3 mb-3" data-testid="item-heading">
        {isNew ? t.edit.createHeading : t.edit.editHeading}
        {!isNew && item.data && <span className="text-muted fs-5 ms-2">{item.data.code}</span>}
      </h1>
      {!isNew && item.error ? (
        <Alert variant="danger" data-testid="item-load-error">
          {errorMessage(item.error)}
        </Alert>
      ) : listError ? (
        <Alert variant="danger" data-testid="item-load-error">
          {errorMessage(listError)}
        </Alert>
      ) : loading ? (
        <PageSpinner />
      ) : (
        <>
          <MissingListsAlert missing={missing} testId="item-missing-lists" />
          <ItemForm
            key={id}
            item={isNew ? undefined : item.data}
            defaults={defaults}
            lists={lists}
            login={login}
            onCategory={onCategory}
            onSaved={() => navigate(ITEMS_URL)}
          />
        </>
      )}
    </>
  );
}
