import { Component, Suspense, type ComponentType, type ReactNode } from 'react';
import { format } from '@web/i18n';
import { PageSpinner } from '@web/ui/PageSpinner';
import { pluginText } from './texts';

interface Props {
  pluginId: string;
  children: ReactNode;
  /** A compact spinner for slot entries; the page spinner for screens. */
  inline?: boolean;
}

/**
 * Every plugin component sits in one of these: a component that throws shows a small Polish error
 * in its place and the page around it goes on; a lazy one shows a spinner while it loads.
 */
export class PluginBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`Plugin ${this.props.pluginId} failed to render`, error);
  }

  override render() {
    if (this.state.failed) {
      return (
        <div className="alert alert-danger py-2 px-3 small my-2" role="alert" data-testid="plugin-error">
          <i className="bi bi-exclamation-triangle me-2" aria-hidden="true" />
          {format(pluginText().componentErrorNamed, { plugin: this.props.pluginId })}
        </div>
      );
    }
    return (
      <Suspense fallback={this.props.inline ? <span className="spinner-border spinner-border-sm" /> : <PageSpinner />}>
        {this.props.children}
      </Suspense>
    );
  }
}

/** The component inside its own PluginBoundary: what the host puts in a slot for a plugin. */
export function withPluginBoundary<P extends object>(pluginId: string, Inner: ComponentType<P>): ComponentType<P> {
  const Wrapped = (props: P) => (
    <PluginBoundary pluginId={pluginId} inline>
      <Inner {...props} />
    </PluginBoundary>
  );
  Wrapped.displayName = `Plugin(${pluginId})`;
  return Wrapped;
}
