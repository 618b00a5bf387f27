/**
 * Outside services for integration plugins (docs/decisions.md, "Integrations: outside calls,
 * connection state, imported orders"): the client with its call log, and the connection state.
 */
export {
  OutsideClient,
  outsideUrl,
  type OutsideClientOptions,
  type OutsideQuery,
  type OutsideRequest,
  type OutsideResponse,
} from './client';
export {
  OutsideAuthError,
  OutsideError,
  OutsideMalformedError,
  OutsideRefusedError,
  OutsideUnavailableError,
  type OutsideErrorCode,
} from './errors';
export { PLUGIN_CALLS_KEEP_DAYS, pluginCallsRepository, recordPluginCall, type PluginCallRecord } from './calls';
export { clearPluginReconnect, markPluginReconnect, organisationsToReconnect, pluginConnection } from './connection';
