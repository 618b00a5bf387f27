import type { TreeNode } from '@zaplecze/contract';
import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { nodeLabel } from '../tree-model';
import { treeConfig } from '../tree-config';
import type { TreeKind } from '@web/data/trees.api';
import { TreeSearchDialog } from './TreeSearchDialog';

export interface PickerOption {
  value: string;
  label: string;
}

export interface NodePickerProps {
  kind: TreeKind;
  /** The select's id (a label's htmlFor points at it). */
  id: string;
  /** The chosen option: a node id as text, or one of the leading options' values. */
  value: string;
  onChange(value: string): void;
  /** Every node of the tree (the select lists them by full number and full name). */
  nodes: readonly TreeNode[];
  /** Nodes that may not be chosen (left out of the select and of the search results). */
  exclude?: ReadonlySet<number>;
  /** Options above the nodes, e.g. '[ Kategoria główna]' with value ''. */
  leading: readonly PickerOption[];
  disabled?: boolean;
  testId?: string;
}

/**
 * A category or place select with a search button beside it that opens the tree's search dialog
 * (docs/rules/catalogue-and-orders-rules.md §2.5); a node chosen there becomes the select's value.
 */
export function NodePicker({ kind, id, value, onChange, nodes, exclude, leading, disabled, testId }: NodePickerProps) {
  const [searching, setSearching] = useState(false);
  const texts = treeConfig(kind).texts;
  const options = useMemo(() => (exclude ? nodes.filter((n) => !exclude.has(n.id)) : nodes), [nodes, exclude]);
  const known = leading.some((o) => o.value === value) || options.some((n) => String(n.id) === value);
  // Thousands of places: the same option elements are reused while the form around re-renders on each keystroke.
  const nodeOptions = useMemo(
    () =>
      options.map((n) => (
        <option key={n.id} value={String(n.id)}>
          {nodeLabel(n)}
        </option>
      )),
    [options],
  );

  return (
    <>
      <InputGroup>
        <Form.Select
          id={id}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          data-testid={testId}
        >
          {leading.map((o) => (
            <option key={`lead-${o.value}`} value={o.value}>
              {o.label}
            </option>
          ))}
          {/* A value the list does not (yet) hold stays visible instead of silently jumping to the first option. */}
          {!known && <option value={value}>#{value}</option>}
          {nodeOptions}
        </Form.Select>
        <Button
          variant="outline-secondary"
          disabled={disabled}
          title={texts.searchButton}
          aria-label={texts.searchButton}
          onClick={() => setSearching(true)}
          data-testid={testId ? `${testId}-search` : undefined}
        >
          <i className="bi bi-search" aria-hidden="true" />
        </Button>
      </InputGroup>
      <TreeSearchDialog
        kind={kind}
        show={searching}
        exclude={exclude}
        onHide={() => setSearching(false)}
        onChoose={(node) => onChange(String(node.id))}
      />
    </>
  );
}
