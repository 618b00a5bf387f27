import { TOAST } from '@zaplecze/contract';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { useModals } from '@web/platform/modals/ModalProvider';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { format, m } from '@web/i18n';
import { SectionCard } from '@web/ui/SectionCard';
import { addCurrency, currencyStateToOptions, removeCurrency, type CurrencyState } from '../currency-rules';
import { useOptionsSaver, useUnsavedGuard } from '../use-settings';
import { SaveButton } from './SaveButton';
import { settingsText } from '../texts';

/** Currencies and the default one: add and delete change only this list until Save writes both options. */
export function CurrencyEditor({ initial, canEdit }: { initial: CurrencyState; canEdit: boolean }) {
  const t = settingsText().currencies;
  const toast = useToast();
  const modals = useModals();
  const saver = useOptionsSaver();
  const [state, setState] = useState(initial);
  const [input, setInput] = useState('');
  const markSaved = useUnsavedGuard(state);

  const onAdd = (e: FormEvent) => {
    e.preventDefault();
    const res = addCurrency(state, input);
    // The input is cleared after every attempt (docs/rules/platform-rules.md §5).
    setInput('');
    if (res.ok) setState(res.state);
    else
      toast.warning(
        t.addErrorTitle,
        res.error === 'invalid' ? t.invalid : res.error === 'unknown' ? t.unknown : t.duplicate,
        TOAST.vatCurrencyWarningSeconds,
      );
  };

  const onDelete = async (code: string) => {
    if (await modals.confirm({ title: t.deleteConfirmTitle, message: t.deleteConfirm }))
      setState((s) => removeCurrency(s, code));
  };

  const choices =
    state.defaultCode === '' || state.codes.includes(state.defaultCode)
      ? state.codes
      : [...state.codes, state.defaultCode];

  return (
    <>
      <Row className="g-3 mb-3">
        <Col lg={6}>
          <SectionCard title={t.listSection} icon="cash-coin" className="h-100" testId="currency-list">
            {canEdit && (
              <Form onSubmit={onAdd} noValidate className="mb-3" data-testid="currency-add-form">
                <Form.Label htmlFor="currency-new">{t.newCurrency}</Form.Label>
                <InputGroup>
                  <Form.Control
                    id="currency-new"
                    type="text"
                    autoComplete="off"
                    className="text-uppercase"
                    value={input}
                    onChange={(e) => setInput(e.target.value)}
                  />
                  <Button type="submit" variant="outline-primary">
                    <i className="bi bi-plus-lg me-1" aria-hidden="true" />
                    {m().common.add}
                  </Button>
                </InputGroup>
              </Form>
            )}
            {state.codes.length === 0 ? (
              <p className="text-muted mb-0" data-testid="currency-empty">
                {canEdit ? `${t.empty} ${t.emptyAddHint}` : t.empty}
              </p>
            ) : (
              <Table size="sm" hover className="mb-0 align-middle">
                <thead>
                  <tr>
                    <th>{t.colCode}</th>
                    {canEdit && <th className="text-end" aria-label={m().common.delete} />}
                  </tr>
                </thead>
                <tbody>
                  {state.codes.map((code) => (
                    <tr key={code} data-testid="currency-row">
                      <td className="fw-semibold font-monospace">{code}</td>
                      {canEdit && (
                        <td className="text-end">
                          <Button
                            size="sm"
                            variant="outline-danger"
                            aria-label={format(t.deleteCurrency, { code })}
                            title={m().common.delete}
                            onClick={() => void onDelete(code)}
                          >
                            <i className="bi bi-trash" aria-hidden="true" />
                          </Button>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </SectionCard>
        </Col>
        <Col lg={6}>
          <SectionCard title={t.defaultSection} icon="star" className="h-100">
            <Form.Group controlId="currency-default">
              <Form.Label>{t.defaultCurrency}</Form.Label>
              <Form.Select
                value={state.defaultCode}
                disabled={!canEdit}
                onChange={(e) => {
                  const value = e.target.value;
                  setState((s) => ({ ...s, defaultCode: value }));
                }}
              >
                <option value="">{m().common.none}</option>
                {choices.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </SectionCard>
        </Col>
      </Row>
      {canEdit && (
        <SaveButton
          label={t.save}
          saving={saver.saving}
          onClick={() => void saver.run(currencyStateToOptions(state), t.saved).then((ok) => ok && markSaved(state))}
        />
      )}
    </>
  );
}
