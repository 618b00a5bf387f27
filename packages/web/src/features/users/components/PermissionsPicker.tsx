import Form from 'react-bootstrap/Form';
import { togglePermission, type PermissionGroup } from '../user-form';

export interface PermissionsPickerProps {
  groups: PermissionGroup[];
  /** Checked keys. */
  value: string[];
  onChange(next: string[]): void;
  /** Every checkbox read-only (the signed-in user may not change permissions). */
  disabled?: boolean;
  /** A single checkbox read-only (a permission the signed-in user may not hand out). */
  isLocked?(key: string): boolean;
}

/** Permission checkboxes grouped in sections, with names and descriptions from the server. */
export function PermissionsPicker({ groups, value, onChange, disabled = false, isLocked }: PermissionsPickerProps) {
  const checked = new Set(value);
  return (
    <div className="d-flex flex-column gap-3" data-testid="permissions">
      {groups.map(({ section, permissions }) => (
        <fieldset
          key={section.key || 'other'}
          className="permission-section border rounded p-3"
          data-testid={`permission-section-${section.key}`}
        >
          <legend className="fs-6 fw-semibold mb-1 float-none w-auto">{section.name}</legend>
          {section.desc && <p className="small text-muted mb-2">{section.desc}</p>}
          {permissions.map((p) => {
            const locked = disabled || (isLocked?.(p.key) ?? false);
            return (
              <Form.Check key={p.key} id={`perm-${p.key}`} className="mb-2">
                <Form.Check.Input
                  type="checkbox"
                  value={p.key}
                  checked={checked.has(p.key)}
                  disabled={locked}
                  aria-describedby={p.desc ? `perm-${p.key}-desc` : undefined}
                  data-testid={`perm-${p.key}`}
                  onChange={(e) => onChange(togglePermission(value, p.key, e.target.checked))}
                />
                <Form.Check.Label className="fw-medium">{p.name}</Form.Check.Label>
                {p.desc && (
                  <div id={`perm-${p.key}-desc`} className="small text-muted">
                    {p.desc}
                  </div>
                )}
              </Form.Check>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
