import { OptionsGate } from './components/OptionsGate';
import { OrderSettingsEditor } from './components/OrderSettingsEditor';
import { SettingsHeader } from './components/SettingsHeader';
import { ORDER_KEYS } from './order-rules';
import { useCanEditSettings } from './use-settings';
import { settingsText } from './texts';

/** settings/orders: warehouse change handling of orders (docs/rules/platform-rules.md §2 Order settings). */
export default function OrderSettingsPage() {
  const canEdit = useCanEditSettings();
  return (
    <div style={{ maxWidth: 1100 }}>
      <SettingsHeader title={settingsText().orders.heading} icon="bi-cart-check" readOnly={!canEdit} />
      <OptionsGate keys={ORDER_KEYS}>
        {(values) => <OrderSettingsEditor initial={values} canEdit={canEdit} />}
      </OptionsGate>
    </div>
  );
}
