import { CurrencyEditor } from './components/CurrencyEditor';
import { OptionsGate } from './components/OptionsGate';
import { SettingsHeader } from './components/SettingsHeader';
import { CURRENCY_KEYS, currencyStateFromOptions } from './currency-rules';
import { useCanEditSettings } from './use-settings';
import { settingsText } from './texts';

/** settings/currencies: 'Ustawienia walut' (docs/rules/platform-rules.md §2 Currency settings, §5). */
export default function CurrencySettingsPage() {
  const canEdit = useCanEditSettings();
  return (
    <div style={{ maxWidth: 1100 }}>
      <SettingsHeader title={settingsText().currencies.heading} icon="bi-currency-exchange" readOnly={!canEdit} />
      <OptionsGate keys={CURRENCY_KEYS}>
        {(values) => <CurrencyEditor initial={currencyStateFromOptions(values)} canEdit={canEdit} />}
      </OptionsGate>
    </div>
  );
}
