import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Collapse from 'react-bootstrap/Collapse';
import Form from 'react-bootstrap/Form';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { format, m } from '@web/i18n';
import { SaveButton } from './components/SaveButton';
import { SettingsHeader } from './components/SettingsHeader';
import { getSkipAutoload, setSkipAutoload } from '@web/data/local-settings';
import { useLocalLogin, useUnsavedGuard } from './use-settings';
import { settingsText } from './texts';

/**
 * settings/main: the general settings. Its one setting (skip autoloading lists on their first
 * view, kept in this browser per user as '1'/'0') sits in a block hidden until asked for
 * (docs/rules/platform-rules.md §2 General settings).
 */
export default function MainSettingsPage() {
  const t = settingsText().main;
  const toast = useToast();
  const login = useLocalLogin();
  const [advanced, setAdvanced] = useState(false);
  const [skip, setSkip] = useState(() => getSkipAutoload(login));
  // Leaving with the choice not saved asks first, as on every settings screen.
  const markSaved = useUnsavedGuard(skip);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSkipAutoload(login, skip);
    markSaved(skip);
    toast.success(m().toasts.saved);
  };

  return (
    <div style={{ maxWidth: 1100 }}>
      <SettingsHeader title={t.heading} icon="bi-sliders" />
      <p className="text-muted">{t.intro}</p>
      <Button
        variant="link"
        className="px-0 mb-2 text-decoration-none"
        onClick={() => setAdvanced((a) => !a)}
        aria-expanded={advanced}
        aria-controls="settings-advanced"
        data-testid="settings-advanced-toggle"
      >
        <i className={`bi ${advanced ? 'bi-chevron-up' : 'bi-chevron-down'} me-1`} aria-hidden="true" />
        {advanced ? t.hideAdvanced : t.showAdvanced}
      </Button>
      <Collapse in={advanced}>
        <div id="settings-advanced">
          <Card className="shadow-sm">
            <Card.Header className="bg-body">
              <h2 className="h6 fw-semibold mb-0">
                <i className="bi bi-gear-wide-connected me-2 text-secondary" aria-hidden="true" />
                {t.advancedSection}
              </h2>
            </Card.Header>
            <Card.Body>
              <Alert variant="info" className="d-flex align-items-center gap-2 py-2">
                <i className="bi bi-laptop" aria-hidden="true" />
                {format(settingsText().localNote, { login })}
              </Alert>
              <Form onSubmit={onSubmit} noValidate data-testid="main-settings-form">
                <Form.Check
                  type="switch"
                  id="settings-skip-autoload"
                  label={t.skipAutoload}
                  checked={skip}
                  onChange={(e) => setSkip(e.target.checked)}
                />
                <Form.Text muted className="d-block mb-3 ms-5">
                  {t.skipAutoloadHint}
                </Form.Text>
                <SaveButton type="submit" label={m().common.save} />
              </Form>
            </Card.Body>
          </Card>
        </div>
      </Collapse>
    </div>
  );
}
