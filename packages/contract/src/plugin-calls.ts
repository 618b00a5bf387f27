import { z } from 'zod';
import { pagedAnswerSchema, pagingSchema } from './paging';
import { pluginIdSchema } from './plugins';
import { idSchema } from './schemas';

/**
 * What integration plugins share on the wire (docs/decisions.md, "Integrations: outside calls,
 * connection state, imported orders"): the call log of a plugin's 'Dziennik' tab and the state of
 * its connection to the outside service.
 */

/** `GET /plugin_calls`: one plugin's calls of the caller's organisation, newest first. */
export const pluginCallsQuerySchema = pagingSchema.extend({
  pluginId: pluginIdSchema,
  /** Only failed calls (`error`) or only successful ones (`ok`). */
  outcome: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(['ok', 'error'], { error: 'Wynik to ok albo error' }).optional(),
    )
    .optional(),
  /** Only the calls that concerned this order. */
  orderId: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()).optional(),
});
export type PluginCallsQuery = z.output<typeof pluginCallsQuerySchema>;

export const pluginCallSchema = z.object({
  id: z.number(),
  at: z.string(),
  method: z.string(),
  /** The path called, without its query. */
  path: z.string(),
  /** The HTTP status; 0 when no answer came. */
  status: z.number(),
  ms: z.number(),
  ok: z.boolean(),
  /** What the call was for (Polish). */
  what: z.string(),
  /** The outcome in Polish: the service's own message where it gave one. */
  message: z.string(),
  orderId: z.number().nullable(),
  itemId: z.number().nullable(),
  jobId: z.number().nullable(),
});
export type PluginCall = z.infer<typeof pluginCallSchema>;
export const pluginCallsAnswerSchema = pagedAnswerSchema('calls', pluginCallSchema);
export type PluginCallsAnswer = z.infer<typeof pluginCallsAnswerSchema>;

export const PLUGIN_CONNECTION_STATES = ['ok', 'reconnect'] as const;
export type PluginConnectionState = (typeof PLUGIN_CONNECTION_STATES)[number];

export const pluginConnectionQuerySchema = z.object({ pluginId: pluginIdSchema });
/**
 * `GET /plugin_connection`: `reconnect` ('Połącz ponownie') after the service refused the stored
 * credentials; the plugin's schedules are stopped until the seller fixes them (a settings save, a
 * successful connection test or connect). `changedAt` null: never changed.
 */
export const pluginConnectionAnswerSchema = z.object({
  state: z.enum(PLUGIN_CONNECTION_STATES),
  message: z.string(),
  changedAt: z.string().nullable(),
});
export type PluginConnectionAnswer = z.infer<typeof pluginConnectionAnswerSchema>;

/**
 * `POST /plugins/<id>/test_connection` of an integration plugin ('Sprawdź połączenie'): one harmless
 * call to the service with the stored settings; `message` in Polish (the service's own where it
 * gave one). A refused or unreachable service answers `ok: false`, not an error status.
 */
export const pluginConnectionTestAnswerSchema = z.object({ ok: z.boolean(), message: z.string() });
export type PluginConnectionTestAnswer = z.infer<typeof pluginConnectionTestAnswerSchema>;
