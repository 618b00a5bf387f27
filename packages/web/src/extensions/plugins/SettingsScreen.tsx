import type { PluginSettingsPut, PluginSettingsResponse, SecretState } from '@zaplecze/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { m } from '@web/i18n';
import { PageSpinner } from '@web/ui/PageSpinner';
import { pluginKeys, savePluginSettings, testPluginConnection, usePluginSettings } from './plugins.api';
import { pluginText } from './texts';
import type { PluginSettingsField } from './types';

type SecretEdit = { mode: 'keep' } | { mode: 'replace'; value: string } | { mode: 'clear' };
type Values = Record<string, string | boolean>;

/** The form's text values of the stored settings (numbers as typed text, checkboxes as booleans). */
export function initialValues(fields: readonly PluginSettingsField[], stored: Record<string, unknown>): Values {
  const out: Values = {};
  for (const f of fields) {
    if (f.type === 'secret') continue;
    const v = stored[f.name];
    if (f.type === 'checkbox') out[f.name] = v === true;
    else out[f.name] = v === undefined || v === null ? '' : String(v);
  }
  return out;
}

/**
 * The PUT body: typed non-secret values (an empty number is left out, so the schema's default or
 * 'required' decides) and only the secrets the user chose to replace or clear. Answers the field
 * errors instead when a number does not parse or a required field is empty.
 */
export function settingsBody(
  fields: readonly PluginSettingsField[],
  values: Values,
  secrets: Record<string, SecretEdit>,
): { body: PluginSettingsPut } | { errors: Record<string, string> } {
  const t = pluginText().settings;
  const body: PluginSettingsPut = { values: {}, secrets: {} };
  const errors: Record<string, string> = {};
  for (const f of fields) {
    if (f.type === 'secret') {
      const edit = secrets[f.name];
      if (edit?.mode === 'replace' && edit.value !== '') body.secrets[f.name] = edit.value;
      else if (edit?.mode === 'clear') body.secrets[f.name] = null;
      continue;
    }
    const v = values[f.name];
    if (f.type === 'checkbox') {
      body.values[f.name] = v === true;
      continue;
    }
    const text = typeof v === 'string' ? v.trim() : '';
    if (f.type === 'number') {
      if (text === '') {
        if (f.required) errors[f.name] = t.required;
        continue;
      }
      const n = Number(text.replace(',', '.'));
      if (!Number.isFinite(n)) errors[f.name] = t.numberInvalid;
      else body.values[f.name] = n;
      continue;
    }
    if (f.type === 'text' && f.required && text === '') errors[f.name] = t.required;
    body.values[f.name] = text;
  }
  return Object.keys(errors).length > 0 ? { errors } : { body };
}

function SecretInput({
  field,
  state,
  edit,
  onEdit,
}: {
  field: PluginSettingsField;
  state: SecretState;
  edit: SecretEdit;
  onEdit: (e: SecretEdit) => void;
}) {
  const t = pluginText().settings;
  const id = `plugin-setting-${field.name}`;
  const badge =
    state === 'set' ? (
      <Badge bg="success">{t.secretSet}</Badge>
    ) : state === 'unreadable' ? (
      <Badge bg="warning" text="dark">
        {t.secretUnreadable}
      </Badge>
    ) : (
      <Badge bg="secondary">{t.secretUnset}</Badge>
    );
  return (
    <Form.Group className="mb-3" controlId={id} data-testid={`secret-${field.name}`}>
      <Form.Label className="d-flex align-items-center gap-2">
        {field.label} {badge}
      </Form.Label>
      {state === 'unreadable' && <div className="small text-warning-emphasis mb-1">{t.secretUnreadableHint}</div>}
      {edit.mode === 'replace' ? (
        <div className="d-flex gap-2">
          <Form.Control
            type="password"
            autoComplete="new-password"
            placeholder={t.secretNew}
            value={edit.value}
            onChange={(e) => onEdit({ mode: 'replace', value: e.target.value })}
          />
          <Button variant="outline-secondary" onClick={() => onEdit({ mode: 'keep' })}>
            {t.secretKeep}
          </Button>
        </div>
      ) : (
        <div className="d-flex gap-2 align-items-center">
          <Button variant="outline-primary" size="sm" onClick={() => onEdit({ mode: 'replace', value: '' })}>
            {t.secretReplace}
          </Button>
          {state !== 'unset' &&
            (edit.mode === 'clear' ? (
              <>
                <span className="small text-danger">{t.secretWillClear}</span>
                <Button variant="link" size="sm" onClick={() => onEdit({ mode: 'keep' })}>
                  {t.secretKeep}
                </Button>
              </>
            ) : (
              <Button variant="outline-danger" size="sm" onClick={() => onEdit({ mode: 'clear' })}>
                {t.secretClear}
              </Button>
            ))}
        </div>
      )}
      {field.help && <Form.Text>{field.help}</Form.Text>}
    </Form.Group>
  );
}

/** 'Sprawdź połączenie': the stored settings tried against the service, the answer shown beside. */
function ConnectionTest({ pluginId }: { pluginId: string }) {
  const t = pluginText().settings;
  const client = useQueryClient();
  const [testing, setTesting] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | undefined>();
  const run = async () => {
    setTesting(true);
    setAnswer(undefined);
    try {
      setAnswer(await testPluginConnection(pluginId));
    } catch (err) {
      setAnswer({ ok: false, message: `${t.testFailed}: ${errorMessage(err)}` });
    } finally {
      setTesting(false);
      // A successful test ends 'Połącz ponownie' on the server: the log screens re-read it.
      void client.invalidateQueries({ queryKey: pluginKeys.connection(pluginId) });
    }
  };
  return (
    <div className="mt-4" data-testid="plugin-connection-test">
      <div className="d-flex align-items-center gap-2">
        <Button variant="outline-primary" className="text-nowrap" disabled={testing} onClick={() => void run()}>
          <i className="bi bi-plug me-1" aria-hidden="true" />
          {testing ? t.testing : t.testConnection}
        </Button>
        <span className="small text-muted">{t.testHint}</span>
      </div>
      {answer && (
        <Alert variant={answer.ok ? 'success' : 'danger'} className="mt-2 mb-0" data-testid="plugin-connection-answer">
          {answer.message}
        </Alert>
      )}
    </div>
  );
}

function SettingsForm({
  pluginId,
  fields,
  stored,
  testConnection,
}: {
  pluginId: string;
  fields: readonly PluginSettingsField[];
  stored: PluginSettingsResponse;
  testConnection?: boolean;
}) {
  const t = pluginText().settings;
  const toast = useToast();
  const client = useQueryClient();
  const [values, setValues] = useState<Values>(() => initialValues(fields, stored.values));
  const [secrets, setSecrets] = useState<Record<string, SecretEdit>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const built = settingsBody(fields, values, secrets);
    if ('errors' in built) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await savePluginSettings(pluginId, built.body);
      toast.success(t.saved);
      setSecrets({});
      await client.invalidateQueries({ queryKey: pluginKeys.settings(pluginId) });
    } catch (err) {
      toast.error(t.saveErrorTitle, errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const set = (name: string, v: string | boolean) => setValues((old) => ({ ...old, [name]: v }));
  return (
    <Form noValidate onSubmit={(e) => void submit(e)} data-testid="plugin-settings" style={{ maxWidth: 640 }}>
      <fieldset disabled={saving}>
        {fields.map((f) => {
          const id = `plugin-setting-${f.name}`;
          if (f.type === 'secret')
            return (
              <SecretInput
                key={f.name}
                field={f}
                state={stored.secrets[f.name] ?? 'unset'}
                edit={secrets[f.name] ?? { mode: 'keep' }}
                onEdit={(edit) => setSecrets((old) => ({ ...old, [f.name]: edit }))}
              />
            );
          if (f.type === 'checkbox')
            return (
              <Form.Group key={f.name} className="mb-3" controlId={id}>
                <Form.Check
                  type="checkbox"
                  label={f.label}
                  checked={values[f.name] === true}
                  onChange={(e) => set(f.name, e.target.checked)}
                />
                {f.help && <Form.Text>{f.help}</Form.Text>}
              </Form.Group>
            );
          const value = typeof values[f.name] === 'string' ? (values[f.name] as string) : '';
          return (
            <Form.Group key={f.name} className="mb-3" controlId={id}>
              <Form.Label>{f.label}</Form.Label>
              {f.type === 'select' ? (
                <Form.Select value={value} onChange={(e) => set(f.name, e.target.value)}>
                  <option value="">{m().common.choose}</option>
                  {f.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </Form.Select>
              ) : (
                <Form.Control
                  type="text"
                  inputMode={f.type === 'number' ? 'decimal' : undefined}
                  maxLength={f.type === 'text' ? f.maxLength : undefined}
                  value={value}
                  isInvalid={errors[f.name] !== undefined}
                  onChange={(e) => set(f.name, e.target.value)}
                />
              )}
              <Form.Control.Feedback type="invalid">{errors[f.name]}</Form.Control.Feedback>
              {f.type === 'text' && f.suggestions && f.suggestions.length > 0 && (
                <div className="small d-flex flex-wrap align-items-center gap-1 mt-1">
                  <span className="text-muted">{t.use}</span>
                  {f.suggestions.map((o) => (
                    <Button
                      key={o.value}
                      variant="link"
                      size="sm"
                      className="p-0 me-2"
                      title={o.value}
                      onClick={() => set(f.name, o.value)}
                    >
                      {o.label}
                    </Button>
                  ))}
                </div>
              )}
              {f.help && <Form.Text>{f.help}</Form.Text>}
            </Form.Group>
          );
        })}
        <Button type="submit" variant="primary">
          {saving ? m().common.saving : m().common.save}
        </Button>
      </fieldset>
      {testConnection && <ConnectionTest pluginId={pluginId} />}
    </Form>
  );
}

/**
 * The generic settings screen of a plugin (host page, controller `settings`): the fields the
 * plugin's web entry declares, read from and saved to /api/plugins/<id>/settings. Secrets are
 * write-only: the screen shows only whether each is set and offers to replace or clear it.
 */
export default function SettingsScreen({
  pluginId,
  fields,
  testConnection,
}: {
  pluginId: string;
  fields: readonly PluginSettingsField[];
  /** Offer 'Sprawdź połączenie' (the entry's `settings.testConnection`). */
  testConnection?: boolean;
}) {
  const t = pluginText().settings;
  const toast = useToast();
  const settings = usePluginSettings(pluginId);
  useEffect(() => {
    if (settings.error)
      toast.show('error', {
        id: `plugin-settings-${pluginId}`,
        title: t.loadErrorTitle,
        body: errorMessage(settings.error),
      });
  }, [settings.error, pluginId, t, toast]);
  if (fields.length === 0) return <p className="text-muted">{t.noSettings}</p>;
  if (settings.isPending) return <PageSpinner />;
  if (settings.error) return <Alert variant="danger">{errorMessage(settings.error)}</Alert>;
  // Keyed by the stored answer, so a save's fresh answer starts the form over from it.
  return (
    <SettingsForm
      key={JSON.stringify(settings.data)}
      pluginId={pluginId}
      fields={fields}
      stored={settings.data}
      testConnection={testConnection}
    />
  );
}
