import { REFERENCE_LISTS, TOAST } from '@zaplecze/contract';
import type { TreeKind } from '@web/data/trees.api';
import { treesText } from './texts';

export type TreeTexts = ReturnType<typeof treesText>['categories'];

/** What differs between the category tree and the place tree (docs/rules/catalogue-and-orders-rules.md §2.10, §2.11). */
export interface TreeConfig {
  kind: TreeKind;
  texts: TreeTexts;
  /** Kind of POST /print/barcode/{kind}. */
  codesKind: 'category' | 'place';
  /** Suggested name of the downloaded code sheet (docs/rules/platform-rules.md §9). */
  fileName: string;
  /** Places show their full position (fullNumber) as a column. */
  showPosition: boolean;
  /** How long a delete error stays (docs/rules/catalogue-and-orders-rules.md §8: categories 10 s; others stay). */
  deleteErrorSeconds: number;
}

export function treeConfig(kind: TreeKind): TreeConfig {
  const t = treesText();
  return kind === 'categories'
    ? {
        kind,
        texts: t.categories,
        codesKind: REFERENCE_LISTS.categories.codes.kind,
        fileName: REFERENCE_LISTS.categories.codes.fileName,
        showPosition: false,
        deleteErrorSeconds: TOAST.downloadErrorSeconds,
      }
    : {
        kind,
        texts: t.places,
        codesKind: REFERENCE_LISTS.places.codes.kind,
        fileName: REFERENCE_LISTS.places.codes.fileName,
        showPosition: true,
        deleteErrorSeconds: TOAST.errorSeconds,
      };
}
