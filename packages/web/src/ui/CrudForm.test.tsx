import { namedInputSchema } from '@zaplecze/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';

import { CrudForm } from './CrudForm';
import type { FieldSpec } from './list-config';
import { uiText } from './texts';

type V = z.input<typeof namedInputSchema>;
type B = z.output<typeof namedInputSchema>;
const fields: FieldSpec<V>[] = [{ name: 'name', kind: 'text', label: () => 'Nazwa' }];
const headings = { add: 'Dodaj nową grupę towarów', edit: 'Edycja grupy towarów' };
const t = uiText().list;

/** The form as a list page holds it: the edited row in state, cleared by Cancel and by a save. */
function Harness({ onSave }: { onSave: (body: B, id: number | undefined) => Promise<boolean> }) {
  const [editing, setEditing] = useState<{ id: number; values: V } | undefined>(undefined);
  return (
    <>
      <button type="button" onClick={() => setEditing({ id: 5, values: { name: 'Meble' } })}>
        edytuj
      </button>
      <CrudForm
        id="groups"
        schema={namedInputSchema}
        empty={{ name: '' }}
        editing={editing}
        fields={fields}
        headings={headings}
        onSave={async (body, id) => {
          const ok = await onSave(body, id);
          if (ok) setEditing(undefined);
          return ok;
        }}
        onCancel={() => setEditing(undefined)}
      />
    </>
  );
}

const nameInput = () => screen.getByLabelText<HTMLInputElement>('Nazwa');
const saveButton = () => screen.getByRole<HTMLButtonElement>('button', { name: t.save });
const cancelButton = () => screen.queryByRole('button', { name: t.cancel });

describe('CrudForm', () => {
  afterEach(cleanup);

  it('adds: Save waits for a name, sends the parsed body, then clears', async () => {
    const onSave = vi.fn(async () => true);
    render(<Harness onSave={onSave} />);
    expect(screen.getByText(headings.add)).toBeTruthy();
    expect(cancelButton()).toBeNull();
    await waitFor(() => expect(saveButton().disabled).toBe(true));

    fireEvent.change(nameInput(), { target: { value: '  Zabawki ' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());

    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Zabawki' }, undefined));
    await waitFor(() => expect(nameInput().value).toBe(''));
    await waitFor(() => expect(saveButton().disabled).toBe(true));
  });

  it('a blank name keeps Save disabled and tells why', async () => {
    render(<Harness onSave={async () => true} />);
    fireEvent.change(nameInput(), { target: { value: 'x' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.change(nameInput(), { target: { value: '   ' } });
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(await screen.findByText('Podaj nazwę.')).toBeTruthy();
  });

  it('edits: fills the row, shows Cancel, sends the id; Cancel goes back to adding', async () => {
    const onSave = vi.fn(async () => true);
    render(<Harness onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: 'edytuj' }));
    await waitFor(() => expect(nameInput().value).toBe('Meble'));
    expect(screen.getByText(headings.edit)).toBeTruthy();
    expect(cancelButton()).toBeTruthy();

    fireEvent.click(cancelButton() as HTMLElement);
    await waitFor(() => expect(nameInput().value).toBe(''));
    expect(screen.getByText(headings.add)).toBeTruthy();
    expect(cancelButton()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'edytuj' }));
    await waitFor(() => expect(nameInput().value).toBe('Meble'));
    fireEvent.change(nameInput(), { target: { value: 'Meble ogrodowe' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Meble ogrodowe' }, 5));
    await waitFor(() => expect(screen.getByText(headings.add)).toBeTruthy());
    expect(nameInput().value).toBe('');
  });

  it('keeps what was typed when the save fails', async () => {
    render(<Harness onSave={async () => false} />);
    fireEvent.change(nameInput(), { target: { value: 'Zabawki' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    expect(nameInput().value).toBe('Zabawki');
  });

  it('collapses and expands in add mode', async () => {
    render(<Harness onSave={async () => true} />);
    const toggle = screen.getByRole('button', { name: new RegExp(headings.add) });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('Nazwa')).toBeNull();
    fireEvent.click(toggle);
    expect(nameInput()).toBeTruthy();
  });
});
