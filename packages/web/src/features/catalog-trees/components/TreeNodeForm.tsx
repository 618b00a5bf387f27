import { treeNodeInputSchema, type TreeNode } from '@zaplecze/contract';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { ApiError, errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { m } from '@web/i18n';
import { FormField } from '@web/ui/FormField';
import type { TreeConfig } from '../tree-config';
import { subtreeIds } from '../tree-model';
import { useSaveTreeNode } from '@web/data/trees.api';
import { NodePicker } from './NodePicker';
import { treesText } from '../texts';

/** What the form opens with: a new node (maybe with its parent), or a node to edit. */
export interface TreeDraft {
  /** A new key remounts the form with these values (after a save, an add-child or an edit click). */
  key: number;
  id?: number;
  name: string;
  number: string;
  parentId: number | null;
  /** Put the cursor in the name field (after a row's add-child or edit). */
  focus: boolean;
}

interface FormValues {
  name: string;
  number: string;
  /** '' = top level. */
  parent: string;
}

export interface TreeNodeFormProps {
  config: TreeConfig;
  nodes: readonly TreeNode[];
  draft: TreeDraft;
  /** After a successful save, with the node as the server answered it. */
  onSaved(node: TreeNode): void;
  onCancel(): void;
}

/**
 * Add or edit one node (docs/rules/catalogue-and-orders-rules.md §2.10, §2.11): name, number and the parent with its
 * search dialog. Save needs a name and a number; editing leaves the node's own branch out of the
 * parent choices.
 */
export function TreeNodeForm({ config, nodes, draft, onSaved, onCancel }: TreeNodeFormProps) {
  const t = treesText().tree;
  const toast = useToast();
  const save = useSaveTreeNode(config.kind);
  const editing = draft.id !== undefined;
  const exclude = useMemo(() => (draft.id === undefined ? undefined : subtreeIds(nodes, draft.id)), [nodes, draft.id]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<FormValues>({
    defaultValues: {
      name: draft.name,
      number: draft.number,
      parent: draft.parentId === null ? '' : String(draft.parentId),
    },
  });
  const [name, number] = watch(['name', 'number']);
  const complete = name.trim() !== '' && number.trim() !== '';

  const onSubmit = async (v: FormValues) => {
    const parsed = treeNodeInputSchema.safeParse({
      name: v.name,
      number: v.number,
      parentId: v.parent === '' ? null : Number(v.parent),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'name' || field === 'number') setError(field, { message: issue.message });
        else setError('parent', { message: issue.message });
      }
      return;
    }
    try {
      const saved = await save.mutateAsync({ ...parsed.data, ...(editing ? { id: draft.id } : {}) });
      toast.success(m().toasts.saved);
      onSaved(saved);
    } catch (err) {
      toast.error(config.texts.saveErrorTitle, errorMessage(err));
      if (err instanceof ApiError && (err.field === 'name' || err.field === 'number'))
        setError(err.field, { message: err.message });
    }
  };

  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit)} data-testid="tree-form">
      <Row className="g-3">
        <Col md={6} lg={4}>
          <FormField
            id="tree-name"
            label={t.name}
            className="mb-0"
            autoComplete="off"
            autoFocus={draft.focus}
            registration={register('name')}
            error={errors.name}
            testId="tree-name"
          />
        </Col>
        <Col md={6} lg={2}>
          <FormField
            id="tree-number"
            label={t.number}
            className="mb-0"
            autoComplete="off"
            registration={register('number')}
            error={errors.number}
            testId="tree-number"
          />
        </Col>
        <Col md={12} lg={6}>
          <Form.Group>
            <Form.Label htmlFor="tree-parent">{config.texts.parentLabel}</Form.Label>
            <Controller
              control={control}
              name="parent"
              render={({ field }) => (
                <NodePicker
                  kind={config.kind}
                  id="tree-parent"
                  value={field.value}
                  onChange={field.onChange}
                  nodes={nodes}
                  exclude={exclude}
                  leading={[{ value: '', label: config.texts.rootOption }]}
                  testId="tree-parent"
                />
              )}
            />
            {errors.parent && <div className="invalid-feedback d-block">{errors.parent.message}</div>}
          </Form.Group>
        </Col>
      </Row>
      <div className="d-flex gap-2 justify-content-end mt-3">
        {editing && (
          <Button variant="outline-secondary" onClick={onCancel} data-testid="tree-cancel">
            {m().common.cancel}
          </Button>
        )}
        <Button type="submit" variant="primary" disabled={!complete || save.isPending} data-testid="tree-save">
          {save.isPending ? (
            <Spinner animation="border" size="sm" className="me-1" />
          ) : (
            <i className="bi bi-check-lg me-1" aria-hidden="true" />
          )}
          {save.isPending ? m().common.saving : m().common.save}
        </Button>
      </div>
    </Form>
  );
}
