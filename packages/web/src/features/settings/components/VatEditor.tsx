import { TOAST } from '@zaplecze/contract';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { useModals } from '@web/platform/modals/ModalProvider';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { format, m } from '@web/i18n';
import { vatRateProblem } from '@web/ui/number-text';
import { NumberInput } from '@web/ui/NumberInput';
import { SectionCard } from '@web/ui/SectionCard';
import { useOptionsSaver, useUnsavedGuard } from '../use-settings';
import {
  addVatRate,
  formatVatRate,
  missingVatCodes,
  removeVatRate,
  vatCodeOfRate,
  VAT_DEFAULT_KEYS,
  vatStateToOptions,
  type VatDefaultKey,
  type VatState,
} from '../vat-rules';
import { SaveButton } from './SaveButton';
import { settingsText } from '../texts';

const DEFAULT_LABELS: Record<
  VatDefaultKey,
  'defaultItem' | 'defaultOrderItem' | 'defaultOrderDelivery' | 'defaultStationaryDelivery'
> = {
  VAT_DEFAULT_ITEM: 'defaultItem',
  VAT_DEFAULT_ORDER_ITEM: 'defaultOrderItem',
  VAT_DEFAULT_ORDER_DELIVERY: 'defaultOrderDelivery',
  VAT_DEFAULT_STATIONARY_DELIVERY: 'defaultStationaryDelivery',
};

/** The VAT list and defaults, edited locally until Save writes all five options in one call. */
export function VatEditor({ initial, canEdit }: { initial: VatState; canEdit: boolean }) {
  const t = settingsText().vat;
  const toast = useToast();
  const modals = useModals();
  const saver = useOptionsSaver();
  const [state, setState] = useState(initial);
  const [input, setInput] = useState('0');
  const [problem, setProblem] = useState<string>();
  const markSaved = useUnsavedGuard(state);

  const onAdd = (e: FormEvent) => {
    e.preventDefault();
    const res = addVatRate(state, input);
    if (!res.ok) {
      const message = res.error === 'invalid' ? t.invalid : t.duplicate;
      toast.warning(t.addErrorTitle, message, TOAST.vatCurrencyWarningSeconds);
      // The duplicate is plain from the list; a typing mistake is also shown at the field.
      setProblem(res.error === 'invalid' ? (vatRateProblem(input) ?? message) : undefined);
      return;
    }
    setState(res.state);
    setInput('0');
    setProblem(undefined);
  };

  const onDelete = async (rate: string) => {
    if (await modals.confirm({ title: t.deleteConfirmTitle, message: t.deleteConfirm }))
      setState((s) => removeVatRate(s, rate));
  };

  const label = (rate: string) => {
    const code = vatCodeOfRate(rate);
    return code ? t.codes[code] : format(t.rate, { rate: formatVatRate(rate) });
  };
  const addCode = (code: string) => {
    const res = addVatRate(state, code);
    if (res.ok) setState(res.state);
  };
  // A stored default that is not on the list (changed elsewhere) still shows, so Save keeps it visibly.
  const choices = (value: string) =>
    value === '' || state.rates.includes(value) ? state.rates : [...state.rates, value];

  return (
    <>
      <Row className="g-3 mb-3">
        <Col lg={6}>
          <SectionCard title={t.listSection} icon="list-ol" className="h-100" testId="vat-list">
            {state.rates.length === 0 ? (
              <p className="text-muted" data-testid="vat-empty">
                {canEdit ? `${t.empty} ${t.emptyAddHint}` : t.empty}
              </p>
            ) : (
              <ListGroup className="mb-3">
                {state.rates.map((rate) => (
                  <ListGroup.Item
                    key={rate}
                    className="d-flex align-items-center justify-content-between py-1"
                    data-testid="vat-rate"
                  >
                    <span className="fw-semibold">{label(rate)}</span>
                    {canEdit && (
                      <Button
                        size="sm"
                        variant="outline-danger"
                        aria-label={format(t.deleteRate, { rate: label(rate) })}
                        title={m().common.delete}
                        onClick={() => void onDelete(rate)}
                      >
                        <i className="bi bi-trash" aria-hidden="true" />
                      </Button>
                    )}
                  </ListGroup.Item>
                ))}
              </ListGroup>
            )}
            {canEdit && (
              <Form onSubmit={onAdd} noValidate data-testid="vat-add-form">
                <Form.Label htmlFor="vat-new-rate">{t.newRate}</Form.Label>
                <InputGroup hasValidation>
                  <NumberInput
                    id="vat-new-rate"
                    value={input}
                    isInvalid={problem !== undefined}
                    onChange={(e) => {
                      setInput(e.target.value);
                      setProblem(undefined);
                    }}
                  />
                  <Button type="submit" variant="outline-primary">
                    <i className="bi bi-plus-lg me-1" aria-hidden="true" />
                    {m().common.add}
                  </Button>
                  <Form.Control.Feedback type="invalid" data-testid="vat-new-rate-error">
                    {problem}
                  </Form.Control.Feedback>
                </InputGroup>
              </Form>
            )}
            {canEdit && missingVatCodes(state).length > 0 && (
              <div className="mt-3" data-testid="vat-add-codes">
                <div className="small text-muted mb-1">{t.addCodes}</div>
                <div className="d-flex flex-wrap gap-2">
                  {missingVatCodes(state).map((code) => (
                    <Button
                      key={code}
                      size="sm"
                      variant="outline-secondary"
                      title={t.codes[code]}
                      aria-label={format(t.addCode, { rate: t.codes[code] })}
                      onClick={() => addCode(code)}
                      data-testid={`vat-add-${code}`}
                    >
                      <i className="bi bi-plus-lg me-1" aria-hidden="true" />
                      {code}
                    </Button>
                  ))}
                </div>
              </div>
            )}
          </SectionCard>
        </Col>
        <Col lg={6}>
          <SectionCard title={t.defaultsSection} icon="star" className="h-100">
            {VAT_DEFAULT_KEYS.map((key, i) => (
              <Form.Group key={key} controlId={`vat-${key}`} className={i < VAT_DEFAULT_KEYS.length - 1 ? 'mb-3' : ''}>
                <Form.Label>{t[DEFAULT_LABELS[key]]}</Form.Label>
                <Form.Select
                  value={state.defaults[key]}
                  disabled={!canEdit}
                  onChange={(e) => {
                    const value = e.target.value;
                    setState((s) => ({ ...s, defaults: { ...s.defaults, [key]: value } }));
                  }}
                >
                  <option value="">{m().common.none}</option>
                  {choices(state.defaults[key]).map((rate) => (
                    <option key={rate} value={rate}>
                      {label(rate)}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            ))}
          </SectionCard>
        </Col>
      </Row>
      {canEdit && (
        <SaveButton
          label={t.save}
          saving={saver.saving}
          onClick={() => void saver.run(vatStateToOptions(state), t.saved).then((ok) => ok && markSaved(state))}
        />
      )}
    </>
  );
}
