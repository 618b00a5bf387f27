import type { ComponentType } from 'react';
import type { AppSlots, SlotName } from '../slots';

/** What the host page gives a plugin screen. */
export interface PluginScreenProps {
  pluginId: string;
  /** The host page's `controller`: the screen's path. */
  controller: string;
}

/** One screen of a plugin, shown by the host page `/plugin/<id>?controller=<path>`. */
export interface WebPluginScreen {
  /** Polish; becomes the page title. */
  title: string;
  /** Use `React.lazy` so the screen is a chunk of its own, loaded on first visit. */
  component: ComponentType<PluginScreenProps>;
}

/** One field of the generic settings form (GET/PUT /api/plugins/<id>/settings). */
export type PluginSettingsField =
  | {
      name: string;
      label: string;
      type: 'text';
      help?: string;
      required?: boolean;
      maxLength?: number;
      /** Values offered with one click under the input (e.g. a service's production and sandbox hosts). */
      suggestions?: readonly { value: string; label: string }[];
    }
  | { name: string; label: string; type: 'number'; help?: string; required?: boolean; min?: number; max?: number }
  | {
      name: string;
      label: string;
      type: 'select';
      help?: string;
      options: readonly { value: string; label: string }[];
    }
  | { name: string; label: string; type: 'checkbox'; help?: string }
  /** Write-only: the form shows only whether it is set, and can replace or clear it. */
  | { name: string; label: string; type: 'secret'; help?: string };

/**
 * Adds entries to the app's slots for one plugin: the host prefixes each id with the plugin id,
 * wraps each component in an error boundary (and Suspense, for `React.lazy`), and removes every
 * entry when the plugin is uninstalled.
 */
export interface PluginSlots {
  add<K extends SlotName>(slot: K, entry: AppSlots[K]): void;
}

/** A plugin's web entry (`plugins/<id>/web/index.tsx`, default export of `defineWebPlugin`). */
export interface WebPlugin {
  /** The plugin id of its manifest. */
  id: string;
  /** Screens by controller path (the menu tabs' `path`). */
  screens?: Readonly<Record<string, WebPluginScreen>>;
  /**
   * The generic settings form, shown for controller `settings` unless the plugin has a screen of
   * that name. The server validates with the manifest's schema; this only draws the form.
   */
  settings?: {
    title?: string;
    fields: readonly PluginSettingsField[];
    /**
     * A 'Sprawdź połączenie' button under the form: `POST /api/plugins/<id>/test_connection` with the
     * stored settings, its `{ ok, message }` shown beside it (docs/plugins.md, Integration plugins).
     */
    testConnection?: boolean;
  };
  /** Fills the slots: home widgets, item edit, preview and search, mass edit, order edit. */
  register?(slots: PluginSlots): void;
}

/** The module a plugin's web entry is. */
export interface WebPluginModule {
  default: WebPlugin;
}
export type WebPluginLoader = () => Promise<WebPluginModule>;

/** The controller of the generic settings screen. */
export const SETTINGS_CONTROLLER = 'settings';
