/**
 * Plugin settings and secrets (docs/decisions.md "Plugin settings and secrets"; docs/plugins.md,
 * Settings and secrets): the face the plugin host and the CLI use.
 */
export {
  checkSettingsSpec,
  deletePluginSettings,
  PluginSecretUnreadableError,
  readPluginSecret,
  readPluginSettings,
  SECRET_FIELD_PATTERN,
  writePluginSecret,
  writePluginSettings,
  type PluginSettingsSpec,
} from './service';
export { pluginSettingsRoutes } from './routes';
export { MissingRotationKeysError, rotatePluginSecrets, type RotationReport } from './rotate';
export {
  generateKeyEntry,
  keyFilePath,
  parseSecretKeys,
  SECRET_KEY_FILE,
  SECRET_KEYS_ENV,
  secretKeyRing,
  secretKeysNotice,
  SecretKeysError,
  type SecretKey,
  type SecretKeyRing,
  type SecretKeysConfig,
} from './key-ring';
