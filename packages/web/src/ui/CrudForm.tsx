import { zodResolver } from '@hookform/resolvers/zod';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import type { z } from 'zod';

import { CrudFields } from './CrudFields';
import type { FieldSpec } from './list-config';
import { uiText } from './texts';

export interface CrudFormProps<V extends FieldValues, B> {
  /** Prefix of ids and test ids, e.g. 'item-groups'. */
  id: string;
  /** The contract's input schema: validates the form; its output is the request body. */
  schema: z.ZodType<B, V>;
  /** Values of the add mode (and after a successful save). */
  empty: V;
  /** The row being edited (edit mode), or undefined (add mode). A new object re-fills the form. */
  editing: { id: number; values: V } | undefined;
  fields: readonly FieldSpec<V>[];
  /** More inputs after the fields (e.g. a parent select of a tree). */
  extra?: (form: UseFormReturn<V, unknown, B>) => ReactNode;
  headings: { add: string; edit: string };
  /** Saves; answers whether it worked (the form then clears). The id is set in edit mode. */
  onSave(body: B, id: number | undefined): Promise<boolean>;
  /** Leaves the edit mode. */
  onCancel(): void;
}

/**
 * The collapsible edit form above a list (docs/rules/platform-rules.md §2, §4 Reference forms): header 'add new'
 * or 'edit', Cancel only while editing, Save enabled only while the form is valid (a name, and
 * whatever else the schema asks), cleared after a successful save.
 */
export function CrudForm<V extends FieldValues, B>({
  id,
  schema,
  empty,
  editing,
  fields,
  extra,
  headings,
  onSave,
  onCancel,
}: CrudFormProps<V, B>) {
  const t = uiText().list;
  const [collapsed, setCollapsed] = useState(false);
  const form = useForm<V, unknown, B>({
    resolver: zodResolver(schema),
    defaultValues: empty as DefaultValues<V>,
    mode: 'onChange',
  });
  const { reset, setFocus, handleSubmit, formState } = form;
  const first = fields[0]?.name;

  // Before the browser paints: the heading ('edit' / 'add') and the fields change in one frame,
  // never an edit heading over the previous values.
  useLayoutEffect(() => {
    reset(editing ? editing.values : empty);
    if (editing && first) setFocus(first);
  }, [editing, empty, reset, setFocus, first]);

  const open = !collapsed || editing !== undefined;
  const bodyId = `${id}-form-body`;
  const submit = handleSubmit(async (body) => {
    if (await onSave(body, editing?.id)) reset(empty);
  });

  return (
    <Card className="shadow-sm mb-3" data-testid={`${id}-form`} data-mode={editing ? 'edit' : 'add'}>
      <Card.Header className="bg-body p-0">
        <h2 className="h6 mb-0">
          <button
            type="button"
            className="btn btn-link text-reset text-decoration-none fw-semibold w-100 text-start d-flex align-items-center gap-2 px-3 py-2"
            aria-expanded={open}
            aria-controls={bodyId}
            title={open ? t.hideForm : t.showForm}
            disabled={editing !== undefined}
            onClick={() => setCollapsed((c) => !c)}
            data-testid={`${id}-form-toggle`}
          >
            <i className={`bi ${editing ? 'bi-pencil-square' : 'bi-plus-circle'} text-secondary`} aria-hidden="true" />
            <span className="me-auto" data-testid={`${id}-form-heading`}>
              {editing ? headings.edit : headings.add}
            </span>
            {!editing && <i className={`bi ${open ? 'bi-chevron-up' : 'bi-chevron-down'}`} aria-hidden="true" />}
          </button>
        </h2>
      </Card.Header>
      {open && (
        <Card.Body id={bodyId}>
          <Form noValidate onSubmit={(e) => void submit(e)}>
            <CrudFields idPrefix={id} fields={fields} form={form} />
            {extra?.(form)}
            <div className="d-flex gap-2 justify-content-end">
              {editing && (
                <Button variant="outline-secondary" onClick={onCancel} data-testid={`${id}-cancel`}>
                  {t.cancel}
                </Button>
              )}
              <Button
                type="submit"
                variant="primary"
                disabled={!formState.isValid || formState.isSubmitting}
                data-testid={`${id}-save`}
              >
                {formState.isSubmitting ? (
                  <>
                    <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                    {t.saving}
                  </>
                ) : (
                  <>
                    <i className="bi bi-save me-2" aria-hidden="true" />
                    {t.save}
                  </>
                )}
              </Button>
            </div>
          </Form>
        </Card.Body>
      )}
    </Card>
  );
}
