import type { User } from '@zaplecze/contract';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';

import { userUrl } from '../urls';
import { usersText } from '../texts';

export interface UsersTableProps {
  users: User[];
  /** The signed-in user's id: that row is marked and cannot be deleted. */
  meId: number | undefined;
  /** Whether delete buttons are shown (the signed-in user manages users). */
  canDelete: boolean;
  /** The id being deleted right now, if any. */
  deletingId: number | undefined;
  onDelete(user: User): void;
}

/** The users list: id, login, name, e-mail, phone, edit link and delete button. */
export function UsersTable({ users, meId, canDelete, deletingId, onDelete }: UsersTableProps) {
  const t = usersText().list;
  return (
    <Table striped hover responsive className="align-middle mb-0 users-table" data-testid="users-table">
      <thead>
        <tr>
          <th scope="col" className="text-end">
            {t.colId}
          </th>
          <th scope="col">{t.colLogin}</th>
          <th scope="col">{t.colName}</th>
          <th scope="col">{t.colEmail}</th>
          <th scope="col">{t.colTel}</th>
          {/* position-relative keeps the absolutely placed hidden label inside the scrolling wrapper */}
          <th scope="col" className="text-end position-relative">
            <span className="visually-hidden">{t.colActions}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {users.length === 0 && (
          <tr>
            <td colSpan={6} className="text-center text-muted py-4" data-testid="users-empty">
              {t.empty}
            </td>
          </tr>
        )}
        {users.map((u) => {
          const isMe = u.id === meId;
          const deleting = deletingId === u.id;
          return (
            <tr key={u.id} data-testid={`user-row-${u.id}`}>
              <td className="text-end text-muted">{u.id}</td>
              <td className="text-nowrap">
                <Link to={userUrl(u.id)} className="fw-medium text-decoration-none">
                  {u.login}
                </Link>
                {isMe && (
                  <i
                    className="bi bi-person-check-fill text-secondary ms-2"
                    role="img"
                    title={t.you}
                    aria-label={t.you}
                  />
                )}
              </td>
              <td>{u.name}</td>
              <td className="text-nowrap">{u.email && <a href={`mailto:${u.email}`}>{u.email}</a>}</td>
              <td className="text-nowrap">{u.tel}</td>
              <td className="text-end text-nowrap">
                <Link
                  to={userUrl(u.id)}
                  className="btn btn-sm btn-outline-primary"
                  title={t.edit}
                  aria-label={t.edit}
                  data-testid={`user-edit-${u.id}`}
                >
                  <i className="bi bi-pencil" aria-hidden="true" />
                  <span className="d-none d-lg-inline ms-1">{t.edit}</span>
                </Link>
                {canDelete && (
                  <Button
                    size="sm"
                    variant="outline-danger"
                    className="ms-2"
                    disabled={isMe || deleting}
                    title={isMe ? t.cannotDeleteSelf : t.delete}
                    aria-label={t.delete}
                    onClick={() => onDelete(u)}
                    data-testid={`user-delete-${u.id}`}
                  >
                    {deleting ? (
                      <Spinner animation="border" size="sm" />
                    ) : (
                      <i className="bi bi-trash" aria-hidden="true" />
                    )}
                    <span className="d-none d-lg-inline ms-1">{t.delete}</span>
                  </Button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
