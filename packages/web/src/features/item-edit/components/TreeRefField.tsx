import type { TreeNode } from '@zaplecze/contract';
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { NodePicker } from '@web/features/catalog-trees/components/NodePicker';
import { itemEditText } from '../texts';

export interface TreeRefFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** A text field of the form holding the node id ('' = none). */
  name: FieldPathByValue<T, string>;
  kind: 'categories' | 'places';
  id: string;
  nodes: readonly TreeNode[];
  disabled: boolean;
  testId: string;
}

/**
 * An item's category or place as a form field: the tree's picker with its search dialog, led by
 * '[ BRAK ]' (no node). The item form and the mass edit form share it.
 */
export function TreeRefField<T extends FieldValues>({ control, name, ...picker }: TreeRefFieldProps<T>) {
  const t = itemEditText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NodePicker
          {...picker}
          value={field.value as string}
          onChange={field.onChange}
          leading={[{ value: '', label: t.none }]}
        />
      )}
    />
  );
}
