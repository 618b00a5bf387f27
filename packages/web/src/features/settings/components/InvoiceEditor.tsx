import { OPTIONS, type OptionKind } from '@zaplecze/contract';
import { useState, type FormEvent } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';

import type { settingsMessages } from '../messages.pl';
import { SectionCard } from '@web/ui/SectionCard';
import { useOptionsSaver, useUnsavedGuard } from '../use-settings';
import { SaveButton } from './SaveButton';
import { settingsText } from '../texts';

export const INVOICE_KEYS = [
  'INVOICE_PAYMENT_DEFAULT',
  'INVOICE_PAYMENT_COD',
  'INVOICE_PAYMENT_STATIONARY',
  'INVOICE_SEND_NAME_DEFAULT',
  'INVOICE_SEND_NAME_COD',
  'INVOICE_SEND_NAME_STATIONARY',
  'INVOICE_SIGN_PERSON',
  'INVOICE_UNIT',
  'INVOICE_VAT_EXEMPTION_NOTE',
] as const;
type InvoiceKey = (typeof INVOICE_KEYS)[number];
type Values = Record<InvoiceKey, string>;
type LabelId = keyof typeof settingsMessages.invoice;

const SECTIONS: { title: LabelId; icon: string; fields: { key: InvoiceKey; label: LabelId }[] }[] = [
  {
    title: 'paymentSection',
    icon: 'credit-card',
    fields: [
      { key: 'INVOICE_PAYMENT_DEFAULT', label: 'paymentDefault' },
      { key: 'INVOICE_PAYMENT_COD', label: 'paymentCod' },
      { key: 'INVOICE_PAYMENT_STATIONARY', label: 'paymentStationary' },
    ],
  },
  {
    title: 'shippingSection',
    icon: 'truck',
    fields: [
      { key: 'INVOICE_SEND_NAME_DEFAULT', label: 'sendNameDefault' },
      { key: 'INVOICE_SEND_NAME_COD', label: 'sendNameCod' },
      { key: 'INVOICE_SEND_NAME_STATIONARY', label: 'sendNameStationary' },
    ],
  },
  {
    title: 'otherSection',
    icon: 'pen',
    fields: [
      { key: 'INVOICE_SIGN_PERSON', label: 'signPerson' },
      { key: 'INVOICE_UNIT', label: 'unit' },
      { key: 'INVOICE_VAT_EXEMPTION_NOTE', label: 'exemptionNote' },
    ],
  },
];

const invoiceKind: OptionKind = OPTIONS.INVOICE_UNIT.kind;
/** The server's limit of the invoice texts, so typing stops where saving would fail. */
const MAX_LENGTH = invoiceKind.type === 'text' ? invoiceKind.max : undefined;

/** The text fields saved together; a failed save keeps what was typed. */
export function InvoiceEditor({ initial, canEdit }: { initial: Values; canEdit: boolean }) {
  const t = settingsText().invoice;
  const saver = useOptionsSaver();
  const [values, setValues] = useState(initial);
  const markSaved = useUnsavedGuard(values);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (canEdit)
      void saver.run(INVOICE_KEYS.map((key) => ({ key, value: values[key] }))).then((ok) => ok && markSaved(values));
  };

  return (
    <Form onSubmit={onSubmit} noValidate data-testid="invoice-form">
      <Row className="g-3 mb-3">
        {SECTIONS.map((section) => (
          <Col key={section.title} lg={section.title === 'otherSection' ? 12 : 6}>
            <SectionCard title={t[section.title]} icon={section.icon} className="h-100">
              <Row className="g-3">
                {section.fields.map((f) => (
                  <Col
                    key={f.key}
                    xs={12}
                    md={section.title === 'otherSection' && f.key !== 'INVOICE_VAT_EXEMPTION_NOTE' ? 6 : 12}
                  >
                    <Form.Group controlId={`invoice-${f.key}`}>
                      <Form.Label>{t[f.label]}</Form.Label>
                      <Form.Control
                        type="text"
                        maxLength={MAX_LENGTH}
                        value={values[f.key]}
                        disabled={!canEdit}
                        placeholder={
                          f.key === 'INVOICE_UNIT'
                            ? t.unitHint
                            : f.key === 'INVOICE_VAT_EXEMPTION_NOTE'
                              ? t.exemptionNoteHint
                              : undefined
                        }
                        onChange={(e) => {
                          const value = e.target.value;
                          setValues((v) => ({ ...v, [f.key]: value }));
                        }}
                      />
                    </Form.Group>
                  </Col>
                ))}
              </Row>
            </SectionCard>
          </Col>
        ))}
      </Row>
      {canEdit && <SaveButton type="submit" label={t.save} saving={saver.saving} />}
    </Form>
  );
}
