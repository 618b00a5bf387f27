import { hasPermissionForScreen, type TreeNode } from '@zaplecze/contract';
import { useEffect, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { errorMessage } from '@web/platform/api';
import { useAuth } from '@web/platform/auth/AuthProvider';
import { useModals } from '@web/platform/modals/ModalProvider';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { format, m, pluralPl } from '@web/i18n';
import { MultiSelectToolbar } from '@web/ui/MultiSelectToolbar';
import { PageSpinner } from '@web/ui/PageSpinner';
import { useMultiSelect } from '@web/ui/useMultiSelect';
import { treeConfig } from '../tree-config';
import { nodeLabel, parentIds, visibleRows } from '../tree-model';
import { useDeleteTreeNode, useTree, type TreeKind } from '@web/data/trees.api';
import { useLatest } from '../use-latest';
import { TreeFormCard } from './TreeFormCard';
import { TreeNodeForm, type TreeDraft } from './TreeNodeForm';
import { TreeTable } from './TreeTable';
import { treesText } from '../texts';

const NO_NODES: TreeNode[] = [];
let draftSeq = 0;

function newDraft(parentId: number | null = null, focus = false): TreeDraft {
  return { key: ++draftSeq, name: '', number: '', parentId, focus };
}

/** Opens the form at the top of the page, where the row's add-child or edit put it. */
function scrollUp(): void {
  window.scrollTo({ top: 0, behavior: 'smooth' });
}

/**
 * The category tree and the warehouse place tree (docs/rules/catalogue-and-orders-rules.md §2.10, §2.11): the
 * collapsible edit form on top, the tree below (all expanded at first), multi-select with reader
 * codes. Changing needs main.items.edit; everyone signed in may read and print codes.
 */
export function TreePage({ kind }: { kind: TreeKind }) {
  const config = useMemo(() => treeConfig(kind), [kind]);
  const texts = config.texts;
  const t = treesText().tree;
  const auth = useAuth();
  const toast = useToast();
  const modals = useModals();
  const tree = useTree(kind);
  const remove = useDeleteTreeNode(kind);
  const canEdit = hasPermissionForScreen(auth.user?.permissions ?? '', 'main.items.edit');

  const nodes = tree.data ?? NO_NODES;
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(() => new Set());
  const rows = useMemo(() => visibleRows(nodes, collapsed), [nodes, collapsed]);
  const order = useMemo(() => rows.map((r) => r.node.id), [rows]);
  const withChildren = useMemo(() => parentIds(nodes), [nodes]);
  const select = useMultiSelect(order);
  const [draft, setDraft] = useState<TreeDraft>(() => newDraft());
  const [formOpen, setFormOpen] = useState(true);

  useEffect(() => {
    if (tree.error) toast.error(texts.loadErrorTitle, errorMessage(tree.error));
  }, [tree.error, toast, texts]);

  const onToggle = useLatest((id: number) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    }),
  );
  const onAddChild = useLatest((node: TreeNode) => {
    setDraft(newDraft(node.id, true));
    setFormOpen(true);
    scrollUp();
  });
  const onEdit = useLatest((node: TreeNode) => {
    setDraft({
      key: ++draftSeq,
      id: node.id,
      name: node.name,
      number: node.number,
      parentId: node.parentId,
      focus: true,
    });
    setFormOpen(true);
    scrollUp();
  });
  const deleteNode = async (node: TreeNode) => {
    const yes = await modals.confirm({
      title: texts.deleteConfirmTitle,
      message: format(texts.deleteConfirm, { label: nodeLabel(node) }),
    });
    if (!yes) return;
    try {
      await remove.mutateAsync(node.id);
      toast.success(m().toasts.deleted);
      if (draft.id === node.id) setDraft(newDraft());
    } catch (err) {
      toast.error(texts.deleteErrorTitle, errorMessage(err), config.deleteErrorSeconds);
    }
  };
  const onDelete = useLatest((node: TreeNode) => void deleteNode(node));
  const onSelect = useLatest((id: number, shift: boolean) => select.toggle(id, shift));

  /** A saved node is shown: its ancestors are expanded. */
  const onSaved = (saved: TreeNode) => {
    const byId = new Map(nodes.map((n) => [n.id, n]));
    setCollapsed((prev) => {
      const next = new Set(prev);
      const seen = new Set<number>();
      for (let id = saved.parentId; id !== null && !seen.has(id); id = byId.get(id)?.parentId ?? null) {
        seen.add(id);
        next.delete(id);
      }
      return next.size === prev.size ? prev : next;
    });
    setDraft(newDraft());
  };

  return (
    <>
      <div className="d-flex align-items-baseline gap-2 mb-3">
        <h1 className="h3 mb-0">{texts.heading}</h1>
        {tree.data && (
          <span className="text-muted" data-testid="tree-count">
            {format(pluralPl(nodes.length, texts.count), { n: nodes.length })}
          </span>
        )}
      </div>
      <div className="d-flex flex-column gap-3">
        {canEdit ? (
          <TreeFormCard
            heading={draft.id === undefined ? texts.addHeading : texts.editHeading}
            open={formOpen}
            onToggle={() => setFormOpen((o) => !o)}
          >
            <TreeNodeForm
              key={draft.key}
              config={config}
              nodes={nodes}
              draft={draft}
              onSaved={onSaved}
              onCancel={() => setDraft(newDraft())}
            />
          </TreeFormCard>
        ) : (
          <p className="small text-muted mb-0" data-testid="tree-read-only">
            <i className="bi bi-lock me-1" aria-hidden="true" />
            {t.readOnly}
          </p>
        )}
        <Card className="shadow-sm">
          {nodes.length > 0 && (
            <Card.Header className="bg-body d-flex flex-wrap align-items-center gap-2">
              {withChildren.size > 0 && (
                <div className="d-flex gap-1 me-auto">
                  <Button size="sm" variant="outline-secondary" onClick={() => setCollapsed(new Set())}>
                    <i className="bi bi-arrows-expand me-1" aria-hidden="true" />
                    {t.expandAll}
                  </Button>
                  <Button size="sm" variant="outline-secondary" onClick={() => setCollapsed(withChildren)}>
                    <i className="bi bi-arrows-collapse me-1" aria-hidden="true" />
                    {t.collapseAll}
                  </Button>
                </div>
              )}
              <div className="ms-auto">
                <MultiSelectToolbar select={select} codesKind={config.codesKind} fileName={config.fileName} />
              </div>
            </Card.Header>
          )}
          {tree.isPending ? (
            <PageSpinner />
          ) : tree.error ? (
            <Alert variant="danger" className="m-3" data-testid="tree-error">
              {errorMessage(tree.error)}
            </Alert>
          ) : nodes.length === 0 ? (
            <p className="text-center text-muted py-4 mb-0" data-testid="tree-empty">
              {texts.empty}
            </p>
          ) : (
            <TreeTable
              rows={rows}
              showPosition={config.showPosition}
              addChildLabel={texts.addChild}
              canEdit={canEdit}
              multi={select.active}
              selected={select.selected}
              editingId={draft.id}
              deletingId={remove.isPending ? remove.variables : undefined}
              onToggle={onToggle}
              onAddChild={onAddChild}
              onEdit={onEdit}
              onDelete={onDelete}
              onSelect={onSelect}
            />
          )}
        </Card>
      </div>
    </>
  );
}
