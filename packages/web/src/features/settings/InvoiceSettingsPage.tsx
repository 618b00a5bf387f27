import { InvoiceEditor, INVOICE_KEYS } from './components/InvoiceEditor';
import { OptionsGate } from './components/OptionsGate';
import { SettingsHeader } from './components/SettingsHeader';
import { useCanEditSettings } from './use-settings';
import { settingsText } from './texts';

/**
 * settings/invoice: the texts printed on invoices (docs/rules/platform-rules.md §2 Invoice settings), the
 * VAT exemption note and the seller's place of issue and bank account (docs/decisions.md, Seller's
 * data on invoices).
 */
export default function InvoiceSettingsPage() {
  const canEdit = useCanEditSettings();
  return (
    <div style={{ maxWidth: 1100 }}>
      <SettingsHeader title={settingsText().invoice.heading} icon="bi-receipt" readOnly={!canEdit} />
      <OptionsGate keys={INVOICE_KEYS}>{(values) => <InvoiceEditor initial={values} canEdit={canEdit} />}</OptionsGate>
    </div>
  );
}
