import { OptionsGate } from './components/OptionsGate';
import { SettingsHeader } from './components/SettingsHeader';
import { VatEditor } from './components/VatEditor';
import { useCanEditSettings } from './use-settings';
import { VAT_KEYS, vatStateFromOptions } from './vat-rules';
import { settingsText } from './texts';

/** settings/vat: VAT rates and the four default rates (docs/rules/platform-rules.md §2 VAT settings, §5). */
export default function VatSettingsPage() {
  const canEdit = useCanEditSettings();
  return (
    <div style={{ maxWidth: 1100 }}>
      <SettingsHeader title={settingsText().vat.heading} icon="bi-percent" readOnly={!canEdit} />
      <OptionsGate keys={VAT_KEYS}>
        {(values) => <VatEditor initial={vatStateFromOptions(values)} canEdit={canEdit} />}
      </OptionsGate>
    </div>
  );
}
