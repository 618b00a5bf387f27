import Overlay from 'react-bootstrap/Overlay';
import Popover from 'react-bootstrap/Popover';

export interface RowMenuItem {
  id: string;
  label: string;
  /** A bootstrap-icons class, e.g. bi-star. */
  icon?: string;
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

/**
 * ONE menu for all rows of a table: rows only draw a small button and the page opens this menu at
 * the clicked one, so a long table carries no dropdown per row. Closes on a click outside, on
 * Escape and after a choice. The row buttons stop their click's propagation, so a click on another
 * row's button moves the menu instead of closing it.
 */
export function RowMenu({ target, items, label, onClose, testId }: Props) {
  return (
    <Overlay target={target} show={target !== null} placement="bottom-end" rootClose onHide={onClose}>
      <Popover className="shadow" data-testid={testId}>
        <Popover.Body className="p-1">
          <div role="menu" aria-label={label} className="d-flex flex-column">
            {items.map((item, i) => (
              <button
                key={item.id}
                type="button"
                role="menuitem"
                className="dropdown-item rounded px-3 py-2"
                autoFocus={i === 0}
                onClick={() => {
                  onClose();
                  item.onSelect();
                }}
                data-testid={`row-menu-${item.id}`}
              >
                {item.icon && <i className={`bi ${item.icon} me-2`} aria-hidden="true" />}
                {item.label}
              </button>
            ))}
          </div>
        </Popover.Body>
      </Popover>
    </Overlay>
  );
}
