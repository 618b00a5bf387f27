import { formatBankAccount, normalizeOptionValue, OPTIONS, type OptionKind } from '@zaplecze/contract';
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
  'INVOICE_PLACE_OF_ISSUE',
  'INVOICE_BANK_NAME',
  'INVOICE_BANK_ACCOUNT',
] as const;
type InvoiceKey = (typeof INVOICE_KEYS)[number];
type Values = Record<InvoiceKey, string>;
type LabelId = keyof typeof settingsMessages.invoice;

const SECTIONS: {
  title: LabelId;
  icon: string;
  /** Full width, its fields side by side. */
  wide?: boolean;
  /** `md`: the field's width in a wide section (default: the section's width shared equally). */
  fields: { key: InvoiceKey; label: LabelId; hint?: LabelId; md?: number }[];
}[] = [
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
    // The seller's data beside the organisation's (docs/decisions.md, Seller's data on invoices).
    title: 'sellerSection',
    icon: 'bank',
    wide: true,
    fields: [
      { key: 'INVOICE_PLACE_OF_ISSUE', label: 'placeOfIssue', hint: 'placeOfIssueHint', md: 6 },
      { key: 'INVOICE_BANK_NAME', label: 'bankName', md: 6 },
      // A grouped IBAN is 34 characters: a half row, so it shows whole.
      { key: 'INVOICE_BANK_ACCOUNT', label: 'bankAccount', hint: 'bankAccountHint', md: 6 },
    ],
  },
  {
    title: 'otherSection',
    icon: 'pen',
    wide: true,
    fields: [
      { key: 'INVOICE_SIGN_PERSON', label: 'signPerson', md: 6 },
      { key: 'INVOICE_UNIT', label: 'unit', hint: 'unitHint', md: 6 },
      // Printed when a line is VAT-exempt (docs/decisions.md, VAT rates that are not numbers).
      { key: 'INVOICE_VAT_EXEMPTION_NOTE', label: 'exemptionNote', hint: 'exemptionNoteHint', md: 12 },
    ],
  },
];

const invoiceKind: OptionKind = OPTIONS.INVOICE_UNIT.kind;
/** The server's limit of the invoice texts, so typing stops where saving would fail. */
const MAX_LENGTH = invoiceKind.type === 'text' ? invoiceKind.max : undefined;

/** The texts and the seller's bank data saved together; a failed save keeps what was typed. */
export function InvoiceEditor({ initial, canEdit }: { initial: Values; canEdit: boolean }) {
  const t = settingsText().invoice;
  const saver = useOptionsSaver();
  // The account is stored without spaces and shown grouped (formatBankAccount).
  const [values, setValues] = useState(() => ({
    ...initial,
    INVOICE_BANK_ACCOUNT: formatBankAccount(initial.INVOICE_BANK_ACCOUNT),
  }));
  const [errors, setErrors] = useState<Partial<Record<InvoiceKey, string>>>({});
  const markSaved = useUnsavedGuard(values);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!canEdit) return;
    // The server's own checks first (the bank account's checksum): nothing is sent when one fails.
    const found: Partial<Record<InvoiceKey, string>> = {};
    for (const key of INVOICE_KEYS) {
      const checked = normalizeOptionValue(key, values[key]);
      if (!checked.ok) found[key] = checked.message;
    }
    setErrors(found);
    if (Object.keys(found).length === 0)
      void saver.run(INVOICE_KEYS.map((key) => ({ key, value: values[key] }))).then((ok) => ok && markSaved(values));
  };

  return (
    <Form onSubmit={onSubmit} noValidate data-testid="invoice-form">
      <Row className="g-3 mb-3">
        {SECTIONS.map((section) => (
          <Col key={section.title} lg={section.wide ? 12 : 6}>
            <SectionCard title={t[section.title]} icon={section.icon} className="h-100">
              <Row className="g-3">
                {section.fields.map((f) => (
                  <Col key={f.key} xs={12} md={section.wide ? (f.md ?? 12 / section.fields.length) : 12}>
                    <Form.Group controlId={`invoice-${f.key}`}>
                      <Form.Label>{t[f.label]}</Form.Label>
                      <Form.Control
                        type="text"
                        maxLength={MAX_LENGTH}
                        value={values[f.key]}
                        disabled={!canEdit}
                        placeholder={f.hint && t[f.hint]}
                        isInvalid={errors[f.key] !== undefined}
                        onChange={(e) => {
                          const value = e.target.value;
                          setValues((v) => ({ ...v, [f.key]: value }));
                          setErrors((er) => ({ ...er, [f.key]: undefined }));
                        }}
                      />
                      <Form.Control.Feedback type="invalid">{errors[f.key]}</Form.Control.Feedback>
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
