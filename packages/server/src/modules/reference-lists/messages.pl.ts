/** Polish answers of the simple reference lists. */
export const LIST_MSG = {
  additionalDescNotFound: 'Nie znaleziono opisu dodatkowego.',
  deliveryPriceListNotFound: 'Nie znaleziono cennika dostawy.',
  deliveryTimeNotFound: 'Nie znaleziono czasu dostawy.',
  itemGroupNotFound: 'Nie znaleziono grupy towarów.',
  itemStatusNotFound: 'Nie znaleziono statusu towaru.',
  incomeSourceNotFound: 'Nie znaleziono źródła przychodu.',
  orderStatusNotFound: 'Nie znaleziono statusu zamówienia.',
  userSizeNotFound: 'Nie znaleziono rozmiaru zdefiniowanego.',
} as const;

/** The lists' names in the API reference (platform/openapi.ts). */
export const LIST_TITLES = {
  additionalDescs: 'Opisy dodatkowe',
  deliveryPriceLists: 'Cenniki dostawy',
  deliveryTimes: 'Czasy dostawy',
  itemGroups: 'Grupy towarów',
  itemStatuses: 'Statusy towarów',
  incomeSources: 'Źródła przychodu',
  orderStatuses: 'Statusy zamówień',
  userSizes: 'Rozmiary zdefiniowane',
} as const;
