/** Polish answers of reader-code printing. */
export const PRINT_MSG = {
  unknownKind: 'Nieznany rodzaj kodów czytnika.',
  kindUnavailable: 'Wydruk tego rodzaju kodów nie jest jeszcze dostępny.',
  itemStatusNotFound: (id: number) => `Nie znaleziono statusu towaru o id ${id}.`,
  itemGroupNotFound: (id: number) => `Nie znaleziono grupy towarów o id ${id}.`,
  deliveryPriceListNotFound: (id: number) => `Nie znaleziono cennika dostawy o id ${id}.`,
  deliveryTimeNotFound: (id: number) => `Nie znaleziono czasu dostawy o id ${id}.`,
  categoryNotFound: (id: number) => `Nie znaleziono kategorii o id ${id}.`,
  placeNotFound: (id: number) => `Nie znaleziono miejsca w magazynie o id ${id}.`,
  orderStatusNotFound: (id: number) => `Nie znaleziono statusu zamówienia o id ${id}.`,
  incomeSourceNotFound: (id: number) => `Nie znaleziono źródła przychodu o id ${id}.`,
  userSizeNotFound: (id: number) => `Nie znaleziono rozmiaru zdefiniowanego o id ${id}.`,
} as const;
