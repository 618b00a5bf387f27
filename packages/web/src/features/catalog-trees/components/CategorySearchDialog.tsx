import { TreeSearchDialog, type TreeSearchDialogProps } from './TreeSearchDialog';

/** Category search (docs/rules/catalogue-and-orders-rules.md §2.5): name contains, number starts with; returns the chosen category. */
export function CategorySearchDialog(props: TreeSearchDialogProps) {
  return <TreeSearchDialog kind="categories" {...props} />;
}
