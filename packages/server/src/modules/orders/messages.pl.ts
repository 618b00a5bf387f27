/** Polish answers of the orders module. */
export const ORDERS_MSG = {
  notFound: 'Nie znaleziono zamówienia.',
  statusNotFound: 'Wybrany status zamówienia nie istnieje.',
  incomeSourceNotFound: 'Wybrane źródło przychodu nie istnieje.',
  // Where to fix it: the settings navigation's names (docs/decisions.md, Starter data of a new organisation).
  statusRequired:
    'Wybierz status zamówienia: nie ustawiono domyślnego statusu zamówienia (ustaw go w Ustawienia → Słowniki → Statusy zamówień).',
  incomeSourceRequired:
    'Wybierz źródło przychodu: nie ustawiono domyślnego źródła przychodu (ustaw je w Ustawienia → Słowniki → Źródła przychodu).',
  itemNotFound: (id: number) => `Towar o ID ${id} nie istnieje.`,
  usedByOrders: {
    order_statuses: 'Nie można usunąć statusu, który mają zamówienia.',
    income_sources: 'Nie można usunąć źródła przychodu, którego używają zamówienia.',
  },
} as const;

/** Polish answers of the split (POST /orders/divide). */
export const DIVIDE_MSG = {
  lineNotInOrder: (lineId: number) => `Pozycja o ID ${lineId} nie należy do tego zamówienia.`,
  lineCodeMismatch: (lineId: number) => `Kod pozycji o ID ${lineId} nie zgadza się z zamówieniem.`,
  lineTwice: (lineId: number) => `Pozycja o ID ${lineId} występuje więcej niż raz.`,
  countTooBig: (lineId: number, quantity: number) =>
    `Z pozycji o ID ${lineId} można przenieść najwyżej ${quantity} szt.`,
  lineRequired: 'Podaj kod pozycji lub jej ID.',
  codeNotInOrder: (code: string) => `W zamówieniu nie ma pozycji o kodzie ${code}.`,
  codeTwice: (code: string) => `Pozycje o kodzie ${code} występują w żądaniu więcej niż raz.`,
  codeCountTooBig: (code: string, quantity: number) =>
    `Z pozycji o kodzie ${code} można przenieść najwyżej ${quantity} szt.`,
  nothingLeft: 'Nie można przenieść wszystkich pozycji: w dzielonym zamówieniu musi coś zostać.',
} as const;
