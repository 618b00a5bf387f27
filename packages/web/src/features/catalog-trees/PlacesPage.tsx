import { TreePage } from './components/TreePage';

/** /places: the warehouse place tree (docs/rules/catalogue-and-orders-rules.md §2.11). */
export default function PlacesPage() {
  return <TreePage kind="places" />;
}
