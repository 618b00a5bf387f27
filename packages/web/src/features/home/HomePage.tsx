import { useEffect } from 'react';
import { errorMessage } from '@web/platform/api';
import { useAuth } from '@web/platform/auth/AuthProvider';
import { useMainInfo } from '@web/platform/main-info';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { useSlot } from '@web/extensions/slots';
import { format } from '@web/i18n';
import { DismissibleBanner } from './components/DismissibleBanner';
import { registerCoreWidgets } from './core-widgets';
import { HomePlaceholder } from './components/HomePlaceholder';
import { HomeWidgets } from './components/HomeWidgets';
import { visibleHomeWidgets } from './home';
import { homeText } from './texts';

registerCoreWidgets();

/**
 * Home (docs/rules/platform-rules.md §2 Home): greeting, the test-environment and login-info banners, then the
 * widgets of the `home.widgets` slot the user may see, or a placeholder when there are none.
 */
export default function HomePage() {
  const t = homeText();
  const { user } = useAuth();
  const info = useMainInfo();
  const toast = useToast();
  const widgets = visibleHomeWidgets(useSlot('home.widgets'), user?.permissions ?? '');

  useEffect(() => {
    if (info.error)
      toast.show('error', { id: 'home-main-info', title: t.loadErrorTitle, body: errorMessage(info.error) });
  }, [info.error, t, toast]);

  return (
    <div className="mx-auto" style={{ maxWidth: 1400 }}>
      <h1 className="h3 mb-3" data-testid="home-greeting">
        {format(t.greeting, { login: user?.login ?? '' })}
      </h1>
      {info.data?.isTest && (
        <DismissibleBanner banner="test" value="1" variant="info" icon="bi-info-circle-fill" testId="home-test-banner">
          {t.testEnvironment}
        </DismissibleBanner>
      )}
      {info.data?.loginInfo && (
        <DismissibleBanner
          banner="loginInfo"
          value={info.data.loginInfo}
          variant="warning"
          icon="bi-exclamation-triangle-fill"
          testId="home-login-info"
        >
          {info.data.loginInfo}
        </DismissibleBanner>
      )}
      {widgets.length > 0 ? <HomeWidgets widgets={widgets} /> : <HomePlaceholder version={info.data?.version} />}
    </div>
  );
}
