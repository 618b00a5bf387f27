/** Polish answers of the category and warehouse place trees. */
export interface TreeMessages {
  /** The tree's name in the API reference. */
  title: string;
  notFound: string;
  parentNotFound: string;
  selfParent: string;
  underDescendant: string;
  duplicate(fullNumber: string): string;
  hasChildren: string;
  /** A reference the usage checks did not name (a foreign key) still holds the node. */
  inUse: string;
  pathTooLong: string;
}

export const CATEGORY_MSG: TreeMessages = {
  title: 'Kategorie',
  notFound: 'Nie znaleziono kategorii.',
  parentNotFound: 'Nie znaleziono kategorii nadrzędnej.',
  selfParent: 'Kategoria nie może być swoją własną kategorią nadrzędną.',
  underDescendant: 'Nie można przenieść kategorii do jej własnej podkategorii.',
  duplicate: (fullNumber) => `Kategoria o numerze ${fullNumber} już istnieje.`,
  hasChildren: 'Nie można usunąć kategorii, która ma podkategorie.',
  inUse: 'Nie można usunąć kategorii, ponieważ jest używana.',
  pathTooLong:
    'Pełny numer lub pełna nazwa kategorii byłyby za długie. Skróć numery lub nazwy albo zmniejsz zagłębienie.',
};

export const PLACE_MSG: TreeMessages = {
  title: 'Miejsca w magazynie',
  notFound: 'Nie znaleziono miejsca w magazynie.',
  parentNotFound: 'Nie znaleziono miejsca nadrzędnego.',
  selfParent: 'Miejsce nie może być swoim własnym miejscem nadrzędnym.',
  underDescendant: 'Nie można przenieść miejsca do miejsca, które się w nim znajduje.',
  duplicate: (fullNumber) => `Miejsce o numerze ${fullNumber} już istnieje.`,
  hasChildren: 'Nie można usunąć miejsca, które zawiera inne miejsca.',
  inUse: 'Nie można usunąć miejsca, ponieważ jest używane.',
  pathTooLong:
    'Pełny numer lub pełna nazwa miejsca byłyby za długie. Skróć numery lub nazwy albo zmniejsz zagłębienie.',
};
