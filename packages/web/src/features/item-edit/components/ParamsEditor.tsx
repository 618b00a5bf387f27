import type { Parameter } from '@zaplecze/contract';
import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { format } from '@web/i18n/plural';
import { numberProblem } from '@web/ui/number-text';
import { NumberInput } from '@web/ui/NumberInput';
import type { ParamEntry } from '../item-form';
import { itemEditText } from '../texts';

export interface ParamsEditorProps {
  params: readonly ParamEntry[];
  onChange(params: ParamEntry[]): void;
  /** Every parameter (names and types of the rows). */
  known: readonly Parameter[];
  /** Parameters that may be added (those already on the list are left out here). */
  addable: readonly Parameter[];
  /** 'select': a select and 'Dodaj' (item edit); 'modal': a picker dialog with checkboxes (mass edit). */
  addWith: 'select' | 'modal';
  disabled?: boolean;
  testId: string;
}

/** A new row's values: one empty value (checkbox dictionaries start with none ticked). */
function emptyValues(p: Parameter): string[] {
  return p.type === 'DICT' && p.isMulti ? [] : [''];
}

/** The value inputs of one parameter by its type (docs/rules/catalogue-and-orders-rules.md §5). */
function ValueInputs({
  param,
  values,
  onChange,
  disabled,
  testId,
}: {
  param: Parameter;
  values: string[];
  onChange(values: string[]): void;
  disabled?: boolean;
  testId: string;
}) {
  const t = itemEditText();
  const label = format(t.params.valueOf, { name: param.name });
  if (param.type === 'DICT' && param.isMulti)
    return (
      <div className="d-flex flex-wrap gap-3" data-testid={testId}>
        {param.dictionary.map((d, i) => (
          <Form.Check
            key={d}
            id={`${testId}-opt-${i}`}
            type="checkbox"
            label={d}
            disabled={disabled}
            checked={values.includes(d)}
            onChange={(e) =>
              onChange(
                e.target.checked
                  ? param.dictionary.filter((x) => x === d || values.includes(x))
                  : values.filter((v) => v !== d),
              )
            }
          />
        ))}
      </div>
    );
  if (param.type === 'DICT')
    return (
      <Form.Select
        aria-label={label}
        value={values[0] ?? ''}
        disabled={disabled}
        onChange={(e) => onChange([e.target.value])}
        data-testid={testId}
      >
        <option value="">{t.none}</option>
        {param.dictionary.map((d) => (
          <option key={d} value={d}>
            {d}
          </option>
        ))}
      </Form.Select>
    );
  // Numbers are typed as text and read with a comma or a dot (ui/number-text.ts).
  const numeric = param.type === 'NUMBER_INT' || param.type === 'NUMBER_REAL';
  const integer = param.type === 'NUMBER_INT';
  const shown = values.length > 0 ? values : [''];
  return (
    <div className="d-flex flex-column gap-1" data-testid={testId}>
      {shown.map((v, i) => {
        const problem = numeric ? numberProblem(v, { integer, optional: true }) : undefined;
        const inputProps = {
          'aria-label': label,
          value: v,
          disabled,
          isInvalid: problem !== undefined,
          onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
            onChange(shown.map((x, j) => (j === i ? e.target.value : x))),
          'data-testid': `${testId}-value-${i}`,
        };
        return (
          <InputGroup key={i} size="sm" hasValidation>
            {numeric ? <NumberInput integer={integer} {...inputProps} /> : <Form.Control type="text" {...inputProps} />}
            {param.isMulti && shown.length > 1 && (
              <Button
                variant="outline-secondary"
                disabled={disabled}
                aria-label={t.remove}
                title={t.remove}
                onClick={() => onChange(shown.filter((_, j) => j !== i))}
              >
                <i className="bi bi-x-lg" aria-hidden="true" />
              </Button>
            )}
            {problem && <Form.Control.Feedback type="invalid">{problem}</Form.Control.Feedback>}
          </InputGroup>
        );
      })}
      {param.isMulti && (
        <div>
          <Button
            variant="link"
            size="sm"
            className="px-0"
            disabled={disabled}
            onClick={() => onChange([...shown, ''])}
            data-testid={`${testId}-add-value`}
          >
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t.params.addValue}
          </Button>
        </div>
      )}
    </div>
  );
}

function PickerModal({
  show,
  params,
  onHide,
  onPick,
}: {
  show: boolean;
  params: readonly Parameter[];
  onHide(): void;
  onPick(ids: number[]): void;
}) {
  const t = itemEditText().params;
  const [chosen, setChosen] = useState<number[]>([]);
  return (
    <Modal show={show} onHide={onHide} onExited={() => setChosen([])} centered scrollable>
      <Modal.Header closeButton>
        <Modal.Title>{t.pickerTitle}</Modal.Title>
      </Modal.Header>
      <Modal.Body data-testid="param-picker">
        {params.length === 0 && <p className="text-muted mb-0">{t.noneLeft}</p>}
        {params.map((p) => (
          <Form.Check
            key={p.id}
            id={`param-pick-${p.id}`}
            type="checkbox"
            label={`${p.name} (${t.types[p.type]})`}
            checked={chosen.includes(p.id)}
            onChange={(e) => setChosen((c) => (e.target.checked ? [...c, p.id] : c.filter((x) => x !== p.id)))}
          />
        ))}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          {t.cancel}
        </Button>
        <Button
          variant="primary"
          disabled={chosen.length === 0}
          onClick={() => {
            onPick(chosen);
            onHide();
          }}
          data-testid="param-picker-add"
        >
          {t.pickerAdd}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/** Parameter rows with value inputs by type, removable, with an add control (§2.3, §2.4). */
export function ParamsEditor({ params, onChange, known, addable, addWith, disabled, testId }: ParamsEditorProps) {
  const t = itemEditText();
  const [pick, setPick] = useState('');
  const [picking, setPicking] = useState(false);
  const byId = useMemo(() => new Map(known.map((p) => [p.id, p])), [known]);
  const left = useMemo(() => addable.filter((p) => !params.some((x) => x.paramId === p.id)), [addable, params]);
  const add = (ids: number[]) => {
    const rows = ids.flatMap((id) => {
      const p = byId.get(id) ?? addable.find((x) => x.id === id);
      return p ? [{ paramId: id, values: emptyValues(p) }] : [];
    });
    onChange([...params, ...rows]);
  };

  return (
    <div data-testid={testId}>
      {params.length === 0 ? (
        <p className="text-muted">{t.edit.paramsEmpty}</p>
      ) : (
        <Table size="sm" className="align-middle">
          <tbody>
            {params.map((row) => {
              const p = byId.get(row.paramId);
              return (
                <tr key={row.paramId} data-testid={`${testId}-row`} data-param={p?.name ?? row.paramId}>
                  <th scope="row" className="fw-normal" style={{ width: '35%' }}>
                    {p?.name ?? `#${row.paramId}`}
                    {p && <div className="small text-muted">{t.params.types[p.type]}</div>}
                  </th>
                  <td>
                    {p ? (
                      <ValueInputs
                        param={p}
                        values={row.values}
                        disabled={disabled}
                        onChange={(values) =>
                          onChange(params.map((x) => (x.paramId === row.paramId ? { ...x, values } : x)))
                        }
                        testId={`${testId}-${row.paramId}`}
                      />
                    ) : (
                      row.values.join(', ')
                    )}
                  </td>
                  <td className="text-end" style={{ width: '3rem' }}>
                    <Button
                      variant="outline-danger"
                      size="sm"
                      disabled={disabled}
                      aria-label={format(t.params.removeParam, { name: p?.name ?? String(row.paramId) })}
                      title={t.remove}
                      onClick={() => onChange(params.filter((x) => x.paramId !== row.paramId))}
                    >
                      <i className="bi bi-trash" aria-hidden="true" />
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      {addWith === 'select' ? (
        <InputGroup style={{ maxWidth: '32rem' }}>
          <Form.Select
            aria-label={t.params.pick}
            value={pick}
            disabled={disabled || left.length === 0}
            onChange={(e) => setPick(e.target.value)}
            data-testid={`${testId}-pick`}
          >
            <option value="">{left.length === 0 ? t.params.noneLeft : t.params.pick}</option>
            {left.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.name} ({t.params.types[p.type]})
              </option>
            ))}
          </Form.Select>
          <Button
            variant="outline-primary"
            disabled={disabled || pick === ''}
            onClick={() => {
              add([Number(pick)]);
              setPick('');
            }}
            data-testid={`${testId}-add`}
          >
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t.params.add}
          </Button>
        </InputGroup>
      ) : (
        <>
          <Button
            variant="outline-primary"
            disabled={disabled}
            onClick={() => setPicking(true)}
            data-testid={`${testId}-add`}
          >
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t.mass.paramsAdd}
          </Button>
          <PickerModal show={picking} params={left} onHide={() => setPicking(false)} onPick={add} />
        </>
      )}
    </div>
  );
}
