/** Polish answers of the parameters. */
export const PARAM_MSG = {
  categoryHasParameters: 'Nie można usunąć kategorii, do której są przypisane parametry.',
  notFound: 'Nie znaleziono parametru.',
  /** The category a parameter is saved with (body categoryId). */
  categoryNotFound: 'Nie znaleziono wybranej kategorii.',
  /** The category of the list filter (query catId). */
  filterCategoryNotFound: 'Nie znaleziono kategorii.',
} as const;
