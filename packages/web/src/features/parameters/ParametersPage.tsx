import { hasPermissionForScreen, type Parameter } from '@zaplecze/contract';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { errorMessage } from '@web/platform/api';
import { useAuth } from '@web/platform/auth/AuthProvider';
import { useModals } from '@web/platform/modals/ModalProvider';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { format, m, pluralPl } from '@web/i18n';
import { PageSpinner } from '@web/ui/PageSpinner';
import { ParameterFilterSummary } from './components/ParameterFilterSummary';
import { ParametersSearch } from './components/ParametersSearch';
import { ParametersTable } from './components/ParametersTable';
import { useDeleteParameter, useParameters } from '@web/data/parameters.api';
import { newParameterUrl, noCriteria, useParameterCriteria, type ParameterCriteria } from './urls';
import { parametersText } from './texts';

/** /parameters: the parameter list with its slide-out search; the criteria live in the URL (§2.9). */
export default function ParametersPage() {
  const t = parametersText().list;
  const auth = useAuth();
  const toast = useToast();
  const modals = useModals();
  const url = useParameterCriteria();
  const criteria = url.value;
  const params = useParameters(criteria);
  const remove = useDeleteParameter();
  const [searching, setSearching] = useState(false);
  const canEdit = hasPermissionForScreen(auth.user?.permissions ?? '', 'main.items.edit');

  useEffect(() => {
    if (params.error) toast.error(t.loadErrorTitle, errorMessage(params.error));
  }, [params.error, toast, t]);

  const search = (c: ParameterCriteria) => {
    url.set(c);
    setSearching(false);
  };

  const onDelete = async (p: Parameter) => {
    const yes = await modals.confirm({
      title: t.deleteConfirmTitle,
      message: format(t.deleteConfirm, { name: p.name }),
    });
    if (!yes) return;
    try {
      await remove.mutateAsync(p.id);
      toast.success(m().toasts.deleted);
    } catch (err) {
      toast.error(t.deleteErrorTitle, errorMessage(err));
    }
  };

  const list = params.data;
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <div className="d-flex align-items-baseline gap-2 me-auto">
          <h1 className="h3 mb-0">{t.heading}</h1>
          {list && (
            <span className="text-muted" data-testid="parameters-count">
              {format(pluralPl(list.length, t.count), { n: list.length })}
            </span>
          )}
        </div>
        <Button variant="outline-secondary" onClick={() => setSearching(true)} data-testid="parameters-search-open">
          <i className="bi bi-funnel me-1" aria-hidden="true" />
          {t.searchOpen}
        </Button>
        {canEdit && (
          <Link to={newParameterUrl} className="btn btn-primary" data-testid="parameter-create">
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t.create}
          </Link>
        )}
      </div>
      {criteria.catId !== undefined && (
        <ParameterFilterSummary criteria={criteria} onClear={() => search(noCriteria)} />
      )}
      <Card className="shadow-sm">
        {params.isPending ? (
          <PageSpinner />
        ) : params.error ? (
          <Alert variant="danger" className="m-3" data-testid="parameters-error">
            {errorMessage(params.error)}
          </Alert>
        ) : (
          <ParametersTable
            params={list ?? []}
            canEdit={canEdit}
            deletingId={remove.isPending ? remove.variables : undefined}
            onDelete={(p) => void onDelete(p)}
          />
        )}
      </Card>
      <ParametersSearch show={searching} onHide={() => setSearching(false)} criteria={criteria} onSearch={search} />
    </>
  );
}
