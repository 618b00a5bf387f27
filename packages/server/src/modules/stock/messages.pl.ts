/** Polish answers of the stock ledger. */
export const STOCK_MSG = {
  changeNotFound: 'Nie znaleziono zmiany stanu magazynowego.',
  alreadyCommitted: 'Ta zmiana stanu magazynowego jest już zatwierdzona.',
  itemDeleted: 'Nie można zatwierdzić zmiany: towar został usunięty.',
  itemNotFound: 'Nie znaleziono towaru.',
  stockOutOfRange: 'Stan magazynowy po zmianie wyszedłby poza dozwolony zakres.',
} as const;
