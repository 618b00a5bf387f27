/** Texts of the shared blocks of ui/ (they travel with the lazy pages that use them). */
export const uiMessages = {
  pagedList: {
    navLabel: 'Stronicowanie listy',
    previous: 'Poprzednia',
    next: 'Następna',
    previousLabel: 'Poprzednia strona',
    nextLabel: 'Następna strona',
    page: 'Strona {page} / {pages}',
    /** {noun} is the caller's noun in the genitive plural (e.g. 'towarów'). */
    showing: 'Wyświetlanie {shown} z {count} {noun}',
    perPage: 'Wierszy na stronie',
    refreshing: 'Odświeżanie listy...',
    retry: 'Spróbuj ponownie',
    colSelect: 'Zaznaczenie',
    selectRow: 'Zaznacz wiersz {id}',
  },
} as const;
