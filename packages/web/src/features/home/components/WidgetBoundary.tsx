import { Component, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { homeText } from '../texts';

/** Keeps one failing widget (a plugin's, say) from taking the whole home page down. */
export class WidgetBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('Home widget failed', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert variant="danger" className="mb-0 h-100">
        <i className="bi bi-exclamation-triangle me-2" aria-hidden="true" />
        {homeText().widgetError}
      </Alert>
    );
  }
}
