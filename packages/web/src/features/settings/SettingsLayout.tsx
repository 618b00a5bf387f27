import { Outlet } from 'react-router';
import { SettingsNav } from './components/SettingsNav';
import { useElementWidth } from './components/useElementWidth';

/**
 * The navigation goes beside the screen only when there is room for both: the shell's own left
 * menu already takes 250 px from 768 px up, and a 250 px column more would leave a tablet's
 * settings screen a strip. Below this width of the content area it sits above the screen.
 */
const SIDE_NAV_MIN_WIDTH = 900;

/** Settings and every reference list: the settings navigation beside (or above) the screen. */
export default function SettingsLayout() {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const side = width >= SIDE_NAV_MIN_WIDTH;
  return (
    <div ref={ref} className={`d-flex gap-3 ${side ? 'flex-row align-items-start' : 'flex-column'}`}>
      <div
        className={side ? 'flex-shrink-0 overflow-auto' : undefined}
        style={
          side
            ? {
                position: 'sticky',
                top: 'calc(var(--app-topbar-height) + 1rem)',
                maxHeight: 'calc(100vh - var(--app-topbar-height) - 2rem)',
              }
            : undefined
        }
      >
        <SettingsNav vertical={side} />
      </div>
      <div className="flex-grow-1" style={{ minWidth: 0 }}>
        <Outlet />
      </div>
    </div>
  );
}
