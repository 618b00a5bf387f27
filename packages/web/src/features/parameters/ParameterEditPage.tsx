import { hasPermissionForScreen } from '@zaplecze/contract';
import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { errorMessage } from '@web/platform/api';
import { useAuth } from '@web/platform/auth/AuthProvider';
import { useToast } from '@web/platform/toasts/ToastProvider';

import { PageSpinner } from '@web/ui/PageSpinner';
import { ParameterForm } from './components/ParameterForm';
import { useParameter } from '@web/data/parameters.api';
import { parametersUrl } from './urls';
import { parametersText } from './texts';

/** /parameters/{id}: edit a parameter; id 0 creates one. A save goes back to /parameters (§2.9). */
export default function ParameterEditPage() {
  const t = parametersText().edit;
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id >= 0;
  const auth = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const parameter = useParameter(valid ? id : 0);
  const canEdit = hasPermissionForScreen(auth.user?.permissions ?? '', 'main.items.edit');

  useEffect(() => {
    if (parameter.error) toast.error(t.loadErrorTitle, errorMessage(parameter.error));
  }, [parameter.error, toast, t]);

  if (!valid) return <Navigate to={parametersUrl()} replace />;
  const isNew = id === 0;
  return (
    <>
      <Link to={parametersUrl()} className="d-inline-block mb-2 text-decoration-none" data-testid="parameter-back">
        <i className="bi bi-arrow-left me-1" aria-hidden="true" />
        {t.back}
      </Link>
      <h1 className="h3 mb-3">{isNew ? t.createHeading : t.editHeading}</h1>
      {!canEdit && (
        <p className="small text-muted" data-testid="parameter-read-only">
          <i className="bi bi-lock me-1" aria-hidden="true" />
          {t.readOnly}
        </p>
      )}
      {!isNew && parameter.isPending ? (
        <PageSpinner />
      ) : !isNew && parameter.error ? (
        <Alert variant="danger" data-testid="parameter-load-error">
          {errorMessage(parameter.error)}
        </Alert>
      ) : (
        <ParameterForm
          // A new form per parameter, so its defaults are that parameter's.
          key={id}
          parameter={isNew ? undefined : parameter.data}
          canEdit={canEdit}
          onSaved={() => navigate(parametersUrl())}
        />
      )}
    </>
  );
}
