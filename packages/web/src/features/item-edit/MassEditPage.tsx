import { splitOptionList, type MassResult } from '@zaplecze/contract';
import { useEffect, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '@web/platform/api';
import { useModals } from '@web/platform/modals/ModalProvider';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { useSlot } from '@web/extensions/slots';
import { useOptions } from '@web/data/options.api';
import { m } from '@web/i18n';
import { format, pluralPl } from '@web/i18n/plural';
import { PageSpinner } from '@web/ui/PageSpinner';
import { ReportDialog } from '@web/ui/ReportDialog';
import { reportText } from '@web/ui/report';
import { useCatalogLists } from './catalog-lists';
import { MassEditForm, type MassEditLists } from './components/MassEditForm';
import { massReport, readSelection } from './mass-edit';
import { itemEditText } from './texts';

const ITEMS_URL = '/items';
/** Plugins' components appear a moment after the view, so the form is usable at once (§2.4). */
const PLUGINS_DELAY_MS = 100;

function PluginComponents({ ids }: { ids: readonly number[] }) {
  const entries = useSlot('items.massEdit.sections');
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(true), PLUGINS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <>
      {entries.map((e) => (
        <e.component key={e.id} ids={ids} />
      ))}
    </>
  );
}

/** /items/mass-edit: changes the items the list selected (session storage) in batches (§2.4). */
export default function MassEditPage() {
  const t = itemEditText();
  const tm = t.mass;
  const toast = useToast();
  const modals = useModals();
  const navigate = useNavigate();
  const [selection] = useState(() => readSelection());

  const options = useOptions(['VAT_VALUES'] as const);
  const catalog = useCatalogLists();
  const listError = options.error ?? catalog.error;
  useEffect(() => {
    if (listError) toast.error(m().toasts.loadErrorTitle, errorMessage(listError));
  }, [listError, toast]);

  const lists = useMemo<MassEditLists>(
    () => ({ ...catalog.lists, vatValues: splitOptionList(options.data?.VAT_VALUES) }),
    [catalog.lists, options.data],
  );

  const onDone = async (result: MassResult) => {
    const text = reportText(
      massReport(result, { errors: tm.reportErrors, notFound: tm.reportNotFound, saved: tm.reportSaved }),
    );
    await modals.open(ReportDialog, { text, fileName: 'items_mass_edit.txt' }, tm.reportTitle);
    navigate(ITEMS_URL);
  };

  const n = selection.ids.length;
  return (
    <>
      <Link to={ITEMS_URL} className="d-inline-block mb-2 text-decoration-none" data-testid="mass-back">
        <i className="bi bi-arrow-left me-1" aria-hidden="true" />
        {t.back}
      </Link>
      <h1 className="h3 mb-2" data-testid="mass-heading">
        {tm.heading}
        {n > 0 && (
          <Badge bg="secondary" className="ms-2 fs-6 align-middle" data-testid="mass-count">
            {format(pluralPl(n, tm.count), { n })}
          </Badge>
        )}
      </h1>
      {n === 0 ? (
        <Alert variant="warning" data-testid="mass-none">
          {tm.noSelection}
        </Alert>
      ) : (
        <>
          <div
            className="border rounded bg-body-tertiary px-2 py-1 mb-3 small font-monospace"
            style={{ maxHeight: '5.5rem', overflowY: 'auto' }}
            data-testid="mass-codes"
          >
            {selection.codes.map((c, i) => (
              <span key={`${c}-${i}`} className="badge text-bg-light border me-1 mb-1">
                {c}
              </span>
            ))}
          </div>
          {listError ? (
            <Alert variant="danger">{errorMessage(listError)}</Alert>
          ) : options.isPending || catalog.pending ? (
            <PageSpinner />
          ) : (
            <MassEditForm
              ids={selection.ids}
              lists={lists}
              extra={<PluginComponents ids={selection.ids} />}
              onDone={(r) => void onDone(r)}
            />
          )}
        </>
      )}
    </>
  );
}
