import type { Parameter } from '@zaplecze/contract';
import Button from 'react-bootstrap/Button';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import Tooltip from 'react-bootstrap/Tooltip';
import { Link } from 'react-router';

import { parameterUrl } from '../urls';
import { parametersText } from '../texts';

export interface ParametersTableProps {
  params: readonly Parameter[];
  /** Delete buttons (the user may change parameters). */
  canEdit: boolean;
  deletingId: number | undefined;
  onDelete(p: Parameter): void;
}

/** ID, name, type name, category number (tooltip: full name; '---' without one), multi flag, edit, delete. */
export function ParametersTable({ params, canEdit, deletingId, onDelete }: ParametersTableProps) {
  const t = parametersText().list;
  const types = parametersText().types;
  return (
    <Table striped hover responsive className="align-middle mb-0" data-testid="parameters-table">
      <thead>
        <tr>
          <th scope="col" className="text-end">
            {t.colId}
          </th>
          <th scope="col">{t.colName}</th>
          <th scope="col">{t.colType}</th>
          <th scope="col">{t.colCategory}</th>
          <th scope="col" className="text-center">
            {t.colMulti}
          </th>
          <th scope="col" className="text-end position-relative">
            <span className="visually-hidden">{t.colActions}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {params.length === 0 && (
          <tr>
            <td colSpan={6} className="text-center text-muted py-4" data-testid="parameters-empty">
              {t.empty}
            </td>
          </tr>
        )}
        {params.map((p) => (
          <tr key={p.id} data-testid={`parameter-row-${p.id}`}>
            <td className="text-end text-muted">{p.id}</td>
            <td>
              <Link to={parameterUrl(p.id)} className="fw-medium text-decoration-none">
                {p.name}
              </Link>
            </td>
            <td className="text-nowrap">{types[p.type]}</td>
            <td className="text-nowrap" data-testid="parameter-category">
              {p.category ? (
                <OverlayTrigger overlay={<Tooltip id={`parameter-category-${p.id}`}>{p.category.fullName}</Tooltip>}>
                  <span className="badge text-bg-light border" tabIndex={0} aria-label={p.category.fullName}>
                    {p.category.fullNumber}
                  </span>
                </OverlayTrigger>
              ) : (
                <span className="text-muted">{t.noCategory}</span>
              )}
            </td>
            <td className="text-center">
              {p.isMulti ? (
                <i className="bi bi-check-lg text-success" role="img" aria-label={t.multiYes} title={t.multiYes} />
              ) : (
                <span className="visually-hidden">{t.multiNo}</span>
              )}
            </td>
            <td className="text-end text-nowrap">
              <Link
                to={parameterUrl(p.id)}
                className="btn btn-sm btn-outline-primary"
                title={t.edit}
                aria-label={t.edit}
                data-testid={`parameter-edit-${p.id}`}
              >
                <i className="bi bi-pencil" aria-hidden="true" />
                <span className="d-none d-lg-inline ms-1">{t.edit}</span>
              </Link>
              {canEdit && (
                <Button
                  size="sm"
                  variant="outline-danger"
                  className="ms-2"
                  disabled={deletingId === p.id}
                  title={t.delete}
                  aria-label={t.delete}
                  onClick={() => onDelete(p)}
                  data-testid={`parameter-delete-${p.id}`}
                >
                  {deletingId === p.id ? (
                    <Spinner animation="border" size="sm" />
                  ) : (
                    <i className="bi bi-trash" aria-hidden="true" />
                  )}
                  <span className="d-none d-lg-inline ms-1">{t.delete}</span>
                </Button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
