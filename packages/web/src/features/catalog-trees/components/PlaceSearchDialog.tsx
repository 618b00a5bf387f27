import { TreeSearchDialog, type TreeSearchDialogProps } from './TreeSearchDialog';

/** Warehouse place search (docs/rules/catalogue-and-orders-rules.md §2.5): name, number and position; returns the chosen place. */
export function PlaceSearchDialog(props: TreeSearchDialogProps) {
  return <TreeSearchDialog kind="places" {...props} />;
}
