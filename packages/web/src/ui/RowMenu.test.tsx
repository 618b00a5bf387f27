import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RowMenu } from './RowMenu';

afterEach(cleanup);

describe('RowMenu', () => {
  it('runs an entry and closes; a disabled entry is shown greyed with its reason and does nothing', () => {
    const target = document.createElement('button');
    document.body.appendChild(target);
    const onClose = vi.fn();
    const copy = vi.fn();
    const later = vi.fn();
    render(
      <RowMenu
        target={target}
        label="Akcje"
        onClose={onClose}
        items={[
          { id: 'copy', label: 'Kopiuj', onSelect: copy },
          {
            id: 'waybill',
            label: 'Drukuj list przewozowy',
            disabled: true,
            hint: 'Później',
            divider: true,
            onSelect: later,
          },
        ]}
      />,
    );
    const disabled = screen.getByTestId('row-menu-waybill');
    expect((disabled as HTMLButtonElement).disabled).toBe(true);
    expect(disabled.className).toContain('text-body-tertiary');
    expect(disabled.parentElement?.getAttribute('title')).toBe('Później');
    expect(disabled.parentElement?.className).toContain('border-top');
    fireEvent.click(disabled);
    expect(later).not.toHaveBeenCalled();
    // The first usable entry takes the focus.
    expect(document.activeElement).toBe(screen.getByTestId('row-menu-copy'));
    fireEvent.click(screen.getByTestId('row-menu-copy'));
    expect(copy).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalled();
    target.remove();
  });
});
