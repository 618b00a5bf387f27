/**
 * The web plugin SDK (`@zaplecze/plugin-sdk-web`; docs/plugins.md, Web part): everything a
 * plugin's web entry and screens may import besides React, react-bootstrap and the contract.
 * A plugin's `web/index.tsx` default-exports `defineWebPlugin({...})`; the shell imports it only
 * for organisations that installed the plugin.
 */
import { lazy } from 'react';
import type { WebPlugin } from '@web/extensions/plugins/types';

export type {
  PluginScreenProps,
  PluginSettingsField,
  PluginSlots,
  WebPlugin,
  WebPluginScreen,
} from '@web/extensions/plugins/types';
export type {
  AppSlots,
  HomeWidget,
  ItemEditSection,
  ItemPreviewSection,
  ItemSearchFilter,
  ItemsMassEditSection,
  OrderEditSection,
  SlotName,
} from '@web/extensions/slots';

/** Declares a plugin's web part: its screens by controller path, its settings form and its slot entries. */
export function defineWebPlugin(plugin: WebPlugin): WebPlugin {
  return plugin;
}

/** The reusable 'Dziennik' screen: the plugin's jobs with state, progress and retry (a lazy chunk). */
export const PluginJobsScreen = lazy(() => import('@web/extensions/plugins/JobsScreen'));
/**
 * The reusable call log of an integration plugin (docs/plugins.md, Outside calls): its calls to the
 * outside service with outcome and order, and the 'Połącz ponownie' warning (a lazy chunk).
 */
export const PluginCallsScreen = lazy(() => import('@web/extensions/plugins/CallsScreen'));
/** A mapping screen's table: one side's rows, each with a select of the other side's values. */
export { default as MappingTable, type MappingTableProps } from '@web/extensions/plugins/MappingTable';
/** The plugin's connection state (`ok` or `reconnect`), refreshed every 30 s. */
export { useConnectionState } from '@web/extensions/plugins/plugins.api';

// ---- calling the API ---------------------------------------------------------------------------
/** `api.get('/plugins/<id>/...')` etc.: the app's headers, ApiError with the server's Polish message. */
export { api, apiBlob, ApiError, errorMessage } from '@web/platform/api';
export { useQuery, useMutation, useQueryClient, keepPreviousData } from '@tanstack/react-query';

// ---- the user and the app ----------------------------------------------------------------------
export { useAuth } from '@web/platform/auth/AuthProvider';
export { useToast, type ToastApi } from '@web/platform/toasts/ToastProvider';
export { useModals, type ModalApi, type ModalComponent } from '@web/platform/modals/ModalProvider';
export { format, formatMoney, pluralPl } from '@web/i18n';
export { formatDateTime } from '@web/i18n/date';

// ---- ui pieces ---------------------------------------------------------------------------------
export { PageSpinner } from '@web/ui/PageSpinner';
export { SectionCard } from '@web/ui/SectionCard';
export { ReportDialog } from '@web/ui/ReportDialog';

// ---- react-bootstrap, the app's component kit (plugins import it through here) --------------------
export { default as Alert } from 'react-bootstrap/Alert';
export { default as Badge } from 'react-bootstrap/Badge';
export { default as Button } from 'react-bootstrap/Button';
export { default as Card } from 'react-bootstrap/Card';
export { default as Col } from 'react-bootstrap/Col';
export { default as Form } from 'react-bootstrap/Form';
export { default as InputGroup } from 'react-bootstrap/InputGroup';
export { default as Modal } from 'react-bootstrap/Modal';
export { default as ProgressBar } from 'react-bootstrap/ProgressBar';
export { default as Row } from 'react-bootstrap/Row';
export { default as Spinner } from 'react-bootstrap/Spinner';
export { default as Table } from 'react-bootstrap/Table';
