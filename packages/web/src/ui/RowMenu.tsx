import { useEffect, useRef } from 'react';
import Overlay from 'react-bootstrap/Overlay';
import Popover from 'react-bootstrap/Popover';

export interface RowMenuItem {
  id: string;
  label: string;
  /** A bootstrap-icons class, e.g. bi-star. */
  icon?: string;
  /** Shown but not usable (an action another issue completes); `hint` says why. */
  disabled?: boolean;
  /** Tooltip of the entry (e.g. why it is disabled). */
  hint?: string;
  /** A line above the entry (groups of a long menu). */
  divider?: boolean;
  onSelect(): void;
}

interface Props {
  /** The row's menu button the menu opens at; null = closed. */
  target: HTMLElement | null;
  items: readonly RowMenuItem[];
  label: string;
  onClose(): void;
  testId?: string;
}

/** Positioned against the viewport and kept inside it: flipped above the button near the bottom, moved in from the edges. */
const POPPER_CONFIG = {
  strategy: 'fixed' as const,
  modifiers: [
    { name: 'flip', options: { fallbackPlacements: ['top-end', 'bottom-start', 'top-start', 'left', 'right'] } },
    { name: 'preventOverflow', options: { padding: 8, altAxis: true } },
  ],
};

/**
 * ONE menu for all rows of a table: rows only draw a small button and the page opens this menu at
 * the clicked one, so a long table carries no dropdown per row. Closes on a click outside, on
 * Escape and after a choice. The row buttons stop their click's propagation, so a click on another
 * row's button moves the menu instead of closing it.
 *
 * The first entry takes the focus without scrolling: focusing it while the menu was still being
 * placed scrolled the page to where the menu stood for a moment (the page jumped).
 */
export function RowMenu({ target, items, label, onClose, testId }: Props) {
  const menuRef = useRef<HTMLDivElement>(null);
  const firstEnabled = items.findIndex((x) => !x.disabled);
  useEffect(() => {
    if (!target) return;
    const first = menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')[firstEnabled];
    first?.focus({ preventScroll: true });
  }, [target, firstEnabled]);
  return (
    <Overlay
      target={target}
      show={target !== null}
      placement="bottom-end"
      rootClose
      onHide={onClose}
      popperConfig={POPPER_CONFIG}
    >
      <Popover className="shadow row-menu" data-testid={testId}>
        <Popover.Body className="p-1">
          <div ref={menuRef} role="menu" aria-label={label} className="d-flex flex-column">
            {items.map((item) => (
              <div key={item.id} className={item.divider ? 'border-top mt-1 pt-1' : undefined} title={item.hint}>
                <button
                  type="button"
                  role="menuitem"
                  // Outside a .dropdown-menu Bootstrap's disabled colour variable is not set.
                  className={`dropdown-item rounded px-3 py-2${item.disabled ? ' text-body-tertiary' : ''}`}
                  disabled={item.disabled}
                  aria-disabled={item.disabled || undefined}
                  onClick={() => {
                    onClose();
                    item.onSelect();
                  }}
                  data-testid={`row-menu-${item.id}`}
                >
                  {item.icon && <i className={`bi ${item.icon} me-2`} aria-hidden="true" />}
                  {item.label}
                </button>
              </div>
            ))}
          </div>
        </Popover.Body>
      </Popover>
    </Overlay>
  );
}
