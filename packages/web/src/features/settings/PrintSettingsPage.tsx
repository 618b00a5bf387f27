import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { format, m } from '@web/i18n';
import { SectionCard } from '@web/ui/SectionCard';
import { LocalSelect } from './components/LocalSelect';
import { SaveButton } from './components/SaveButton';
import { SettingsHeader } from './components/SettingsHeader';
import {
  BOL_OVERSIZE_MODES,
  getPrintSettingsDraft,
  PRINT_FORMATS,
  READER_BOL_ACTIONS,
  READER_INVOICE_ACTIONS,
  savePrintSettingsDraft,
  type PrintSettingsDraft,
} from '@web/data/local-settings';
import { useLocalLogin, useUnsavedGuard } from './use-settings';
import { settingsText } from './texts';

/**
 * settings/print: five selects kept in this browser for the signed-in user (docs/rules/platform-rules.md §2, §9;
 * docs/rules/catalogue-and-orders-rules.md §9): label and waybill formats A4/A6, the oversize waybill (RESIZE/PRINT_A4)
 * and the order reader's waybill and document actions. Anyone may set them: they describe this
 * device, not the organisation. The order screens read them (features/orders/use-order-documents.ts).
 */
export default function PrintSettingsPage() {
  const t = settingsText().print;
  const toast = useToast();
  const login = useLocalLogin();
  const [draft, setDraft] = useState<PrintSettingsDraft>(() => getPrintSettingsDraft(login));
  const set = <K extends keyof PrintSettingsDraft>(key: K, value: PrintSettingsDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  // Leaving with choices not saved asks first, as on every settings screen (ui/useLeaveGuard.ts).
  const markSaved = useUnsavedGuard(draft);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    savePrintSettingsDraft(login, draft);
    markSaved(draft);
    toast.success(m().toasts.saved);
  };

  return (
    <div style={{ maxWidth: 1100 }}>
      <SettingsHeader title={t.heading} icon="bi-printer">
        <Alert variant="info" className="d-flex align-items-center gap-2 py-2">
          <i className="bi bi-laptop" aria-hidden="true" />
          {format(settingsText().localNote, { login })}
        </Alert>
      </SettingsHeader>
      <Form onSubmit={onSubmit} noValidate data-testid="print-settings-form">
        <Row className="g-3 mb-3">
          <Col lg={6}>
            <SectionCard title={t.formatsSection} icon="file-earmark-text" className="h-100">
              <p className="small text-muted">{t.formatsHint}</p>
              <LocalSelect
                id="print-label-format"
                label={t.labelFormat}
                values={PRINT_FORMATS}
                labels={t.formats}
                value={draft.labelFormat}
                onChange={(v) => set('labelFormat', v)}
              />
              <LocalSelect
                id="print-bol-format"
                label={t.bolFormat}
                values={PRINT_FORMATS}
                labels={t.formats}
                value={draft.bolFormat}
                onChange={(v) => set('bolFormat', v)}
              />
              <LocalSelect
                id="print-bol-oversize"
                label={t.bolOversize}
                values={BOL_OVERSIZE_MODES}
                labels={t.oversize}
                value={draft.bolOversize}
                onChange={(v) => set('bolOversize', v)}
                last
              />
            </SectionCard>
          </Col>
          <Col lg={6}>
            <SectionCard title={t.readerSection} icon="upc-scan" className="h-100">
              <p className="small text-muted">{t.readerHint}</p>
              <LocalSelect
                id="print-reader-invoice"
                label={t.readerInvoice}
                values={READER_INVOICE_ACTIONS}
                labels={t.invoiceActions}
                value={draft.invoiceAction}
                onChange={(v) => set('invoiceAction', v)}
              />
              <LocalSelect
                id="print-reader-bol"
                label={t.readerBol}
                values={READER_BOL_ACTIONS}
                labels={t.bolActions}
                value={draft.bolAction}
                onChange={(v) => set('bolAction', v)}
                last
              />
            </SectionCard>
          </Col>
        </Row>
        <SaveButton type="submit" label={t.save} />
      </Form>
    </div>
  );
}
