import { Suspense } from 'react';
import type { HomeWidget } from '@web/extensions/slots';
import { PageSpinner } from '@web/ui/PageSpinner';
import { widgetColumnClass } from '../home';
import { WidgetBoundary } from './WidgetBoundary';

/** The widgets of the `home.widgets` slot in a responsive grid; each loads and fails on its own. */
export function HomeWidgets({ widgets }: { widgets: readonly HomeWidget[] }) {
  return (
    <div className="row g-3" data-testid="home-widgets">
      {widgets.map(({ id, width, component: Widget }) => (
        <div key={id} className={widgetColumnClass(width)} data-widget={id}>
          <WidgetBoundary>
            <Suspense fallback={<PageSpinner />}>
              <Widget />
            </Suspense>
          </WidgetBoundary>
        </div>
      ))}
    </div>
  );
}
