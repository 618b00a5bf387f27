/** Polish answers of the orders module. */
export const ORDERS_MSG = {
  notFound: 'Nie znaleziono zamówienia.',
  statusNotFound: 'Wybrany status zamówienia nie istnieje.',
  incomeSourceNotFound: 'Wybrane źródło przychodu nie istnieje.',
  statusRequired: 'Wybierz status zamówienia: nie ustawiono domyślnego statusu zamówienia.',
  incomeSourceRequired: 'Wybierz źródło przychodu: nie ustawiono domyślnego źródła przychodu.',
  itemNotFound: (id: number) => `Towar o ID ${id} nie istnieje.`,
  usedByOrders: {
    order_statuses: 'Nie można usunąć statusu, który mają zamówienia.',
    income_sources: 'Nie można usunąć źródła przychodu, którego używają zamówienia.',
  },
} as const;
