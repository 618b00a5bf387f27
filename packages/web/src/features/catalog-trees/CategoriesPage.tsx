import { TreePage } from './components/TreePage';

/** /categories: the category tree (docs/rules/catalogue-and-orders-rules.md §2.10). */
export default function CategoriesPage() {
  return <TreePage kind="categories" />;
}
