import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { TreeNode } from '@zaplecze/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@web/platform/toasts/ToastProvider';
import { treeConfig } from '../tree-config';
import { TreeNodeForm, type TreeDraft } from './TreeNodeForm';

const node = (id: number, parentId: number | null, fullNumber: string): TreeNode => ({
  id,
  number: fullNumber.split('-').at(-1) ?? '',
  name: `N${id}`,
  parentId,
  fullNumber,
  fullName: `N${id}`,
});
const nodes = [node(1, null, 'A'), node(2, 1, 'A-1'), node(3, 2, 'A-1-1'), node(4, null, 'B')];

function renderForm(draft: Partial<TreeDraft> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const full: TreeDraft = { key: 1, name: '', number: '', parentId: null, focus: false, ...draft };
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <TreeNodeForm
          config={treeConfig('categories')}
          nodes={nodes}
          draft={full}
          onSaved={vi.fn()}
          onCancel={vi.fn()}
        />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const saveDisabled = () => screen.getByTestId<HTMLButtonElement>('tree-save').disabled;

describe('TreeNodeForm', () => {
  afterEach(() => cleanup());

  it('enables Save only with both a name and a number (spaces do not count)', () => {
    renderForm();
    expect(saveDisabled()).toBe(true);
    type('tree-name', 'Hala');
    expect(saveDisabled()).toBe(true);
    type('tree-number', '   ');
    expect(saveDisabled()).toBe(true);
    type('tree-number', 'A');
    expect(saveDisabled()).toBe(false);
    type('tree-name', ' ');
    expect(saveDisabled()).toBe(true);
  });

  it('adds without Cancel; edits with Cancel and without the own branch among the parents', () => {
    renderForm();
    expect(screen.queryByTestId('tree-cancel')).toBeNull();
    cleanup();
    renderForm({ id: 2, name: 'N2', number: '1', parentId: 1 });
    expect(screen.queryByTestId('tree-cancel')).not.toBeNull();
    expect(saveDisabled()).toBe(false);
    const parents = Array.from(screen.getByTestId<HTMLSelectElement>('tree-parent').options, (o) => o.value);
    expect(parents).toEqual(['', '1', '4']);
  });
});
