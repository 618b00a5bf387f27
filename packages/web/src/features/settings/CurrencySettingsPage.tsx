import { m } from '@web/i18n';
import { CurrencyEditor } from './components/CurrencyEditor';
import { OptionsGate } from './components/OptionsGate';
import { SettingsHeader } from './components/SettingsHeader';
import { CURRENCY_KEYS, currencyStateFromOptions } from './currency-rules';
import { useCanEditSettings } from './use-settings';

/** settings/currencies: 'Ustawienia walut' (platform.md §2 Currency settings, §5). */
export default function CurrencySettingsPage() {
  const canEdit = useCanEditSettings();
  return (
    <div style={{ maxWidth: 1100 }}>
      <SettingsHeader title={m().settings.currencies.heading} icon="bi-currency-exchange" readOnly={!canEdit} />
      <OptionsGate keys={CURRENCY_KEYS}>
        {(values) => <CurrencyEditor initial={currencyStateFromOptions(values)} canEdit={canEdit} />}
      </OptionsGate>
    </div>
  );
}
