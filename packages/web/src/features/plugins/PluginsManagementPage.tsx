import { hasPermissionForScreen, PLUGIN_RELOAD_DELAY_MS, type PluginInfo } from '@zaplecze/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { errorMessage } from '@web/platform/api';
import { useAuth } from '@web/platform/auth/AuthProvider';
import { useModals } from '@web/platform/modals/ModalProvider';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { format } from '@web/i18n';
import { PageSpinner } from '@web/ui/PageSpinner';
import { pluginHost } from '@web/extensions/plugins/host';
import { installPlugin, pluginKeys, uninstallPlugin, usePluginList } from '@web/extensions/plugins/plugins.api';
import { pluginText } from '@web/extensions/plugins/texts';
import { SETTINGS_CONTROLLER } from '@web/extensions/plugins/types';
import { UninstallDialog } from './UninstallDialog';

/** The host page of a plugin's settings. */
export const pluginSettingsPath = (id: string) => `/plugin/${encodeURIComponent(id)}?controller=${SETTINGS_CONTROLLER}`;

/**
 * /plugins-management (docs/rules/platform-rules.md §2 Plugins management): every plugin with its
 * description, installed flag and dependencies by name; install and uninstall (which confirms and
 * offers to delete the plugin's data). About 300 ms after either, whatever the outcome, the list,
 * the menu and the loaded plugins are read again (§4, §9).
 */
export default function PluginsManagementPage() {
  const t = pluginText().management;
  const toast = useToast();
  const modals = useModals();
  const client = useQueryClient();
  const canManage = hasPermissionForScreen(useAuth().user?.permissions ?? '', 'main.plugins.manage');
  const list = usePluginList();
  const [busy, setBusy] = useState<string | undefined>();

  useEffect(() => {
    if (list.error)
      toast.show('error', { id: 'plugins-list', title: pluginText().listErrorTitle, body: errorMessage(list.error) });
  }, [list.error, toast]);

  const reloadSoon = () =>
    window.setTimeout(() => {
      void client.invalidateQueries({ queryKey: pluginKeys.all });
      void pluginHost.load();
    }, PLUGIN_RELOAD_DELAY_MS);

  const run = async (plugin: PluginInfo, change: () => Promise<void>, done: string) => {
    setBusy(plugin.id);
    try {
      await change();
      toast.success(done);
    } catch (err) {
      toast.error(t.errorTitle, errorMessage(err));
    } finally {
      setBusy(undefined);
      reloadSoon();
    }
  };

  const onInstall = (p: PluginInfo) => void run(p, () => installPlugin(p.id), t.installed_toast);
  const onUninstall = async (p: PluginInfo) => {
    const answer = await modals.open(UninstallDialog, { name: p.name }, t.uninstallTitle);
    if (!answer) return;
    await run(p, () => uninstallPlugin(p.id, answer.deleteData), t.uninstalled_toast);
  };

  const plugins = list.data ?? [];
  const nameOf = (id: string) => plugins.find((p) => p.id === id)?.name ?? id;
  return (
    <div className="mx-auto" style={{ maxWidth: 1200 }}>
      <h1 className="h3 mb-2">{t.heading}</h1>
      <p className="text-muted">{t.intro}</p>
      {!canManage && <Alert variant="info">{t.noPermission}</Alert>}
      {list.isPending ? (
        <PageSpinner />
      ) : list.error ? (
        <Alert variant="danger">{errorMessage(list.error)}</Alert>
      ) : plugins.length === 0 ? (
        <p className="text-muted">{t.empty}</p>
      ) : (
        <Table responsive hover className="align-middle" data-testid="plugins-table">
          <thead>
            <tr>
              <th>{t.name}</th>
              <th>{t.desc}</th>
              <th>{t.installed}</th>
              <th>{t.dependsOn}</th>
              <th>{t.actions}</th>
            </tr>
          </thead>
          <tbody>
            {plugins.map((p) => (
              <tr key={p.id} data-testid="plugin-row" data-plugin-id={p.id}>
                <td>
                  <div className="fw-semibold">{p.name}</div>
                  <div className="small text-muted">{p.version}</div>
                </td>
                <td>
                  {p.desc}
                  {p.broken && (
                    <div className="text-danger small mt-1" data-testid="plugin-broken">
                      <i className="bi bi-exclamation-octagon me-1" aria-hidden="true" />
                      {format(t.broken, { reason: p.broken })}
                    </div>
                  )}
                </td>
                <td>{p.installed ? <Badge bg="success">{t.yes}</Badge> : <Badge bg="secondary">{t.no}</Badge>}</td>
                <td className="small">{p.dependsOn.length > 0 ? p.dependsOn.map(nameOf).join(', ') : t.none}</td>
                <td>
                  <div className="d-flex flex-wrap gap-2">
                    {canManage &&
                      (p.installed ? (
                        <Button
                          size="sm"
                          variant="outline-danger"
                          disabled={busy !== undefined}
                          onClick={() => void onUninstall(p)}
                        >
                          {busy === p.id ? t.working : t.uninstall}
                        </Button>
                      ) : (
                        <Button size="sm" variant="primary" disabled={busy !== undefined} onClick={() => onInstall(p)}>
                          {busy === p.id ? t.working : t.install}
                        </Button>
                      ))}
                    {p.installed && p.hasSettings && (
                      <Link className="btn btn-sm btn-outline-secondary" to={pluginSettingsPath(p.id)}>
                        <i className="bi bi-gear me-1" aria-hidden="true" />
                        {t.settings}
                      </Link>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
