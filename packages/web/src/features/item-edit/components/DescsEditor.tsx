import type { AdditionalDesc } from '@zaplecze/contract';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { descriptionPreview } from '@web/features/reference-lists/description-preview';
import type { DescEntry } from '../item-form';
import { itemEditText } from '../texts';

export interface DescsEditorProps {
  descs: readonly DescEntry[];
  onChange(descs: DescEntry[]): void;
  /** The shared additional descriptions (reference list). */
  options: readonly AdditionalDesc[];
  disabled?: boolean;
  testId: string;
}

let seq = 0;
export const newDescKey = () => `d${++seq}`;

/** Additional descriptions: a select per row with a 300-character preview; rows without a choice are not saved. */
export function DescsEditor({ descs, onChange, options, disabled, testId }: DescsEditorProps) {
  const t = itemEditText();
  return (
    <div data-testid={testId}>
      {descs.length === 0 && <p className="text-muted">{t.edit.descsEmpty}</p>}
      {descs.map((d, i) => {
        const chosen = options.find((o) => o.id === d.id);
        return (
          <div key={d.key} className="mb-3" data-testid={`${testId}-row`}>
            <InputGroup>
              <Form.Select
                aria-label={`${t.edit.descs} ${i + 1}`}
                value={d.id === null ? '' : String(d.id)}
                disabled={disabled}
                onChange={(e) =>
                  onChange(
                    descs.map((x) =>
                      x.key === d.key ? { ...x, id: e.target.value ? Number(e.target.value) : null } : x,
                    ),
                  )
                }
                data-testid={`${testId}-select-${i}`}
              >
                <option value="">{t.choose}</option>
                {options.map((o) => (
                  <option key={o.id} value={String(o.id)} disabled={o.id !== d.id && descs.some((x) => x.id === o.id)}>
                    {o.name}
                  </option>
                ))}
              </Form.Select>
              <Button
                variant="outline-danger"
                disabled={disabled}
                aria-label={t.remove}
                title={t.remove}
                onClick={() => onChange(descs.filter((x) => x.key !== d.key))}
              >
                <i className="bi bi-trash" aria-hidden="true" />
              </Button>
            </InputGroup>
            {chosen && (
              <div className="small text-muted mt-1 text-break" data-testid={`${testId}-preview-${i}`}>
                {descriptionPreview(chosen.description)}
              </div>
            )}
          </div>
        );
      })}
      <Button
        variant="outline-primary"
        disabled={disabled || descs.length >= options.length}
        onClick={() => onChange([...descs, { key: newDescKey(), id: null }])}
        data-testid={`${testId}-add`}
      >
        <i className="bi bi-plus-lg me-1" aria-hidden="true" />
        {t.edit.descsAdd}
      </Button>
    </div>
  );
}
