import { appMessages } from '@web/platform/messages.pl';

/** Order split (docs/rules/catalogue-and-orders-rules.md §2.15, §5 Split, §8). */
export const orderDivideMessages = {
  title: appMessages.titles.orderDivide,
  back: 'Powrót do listy zamówień',
  heading: 'Dzielenie zamówienia nr {id}',
  hint: 'Wpisz, ile sztuk każdej pozycji przenieść do nowego zamówienia.',
  colCode: 'Kod',
  colName: 'Nazwa',
  colQuantity: 'Ilość w zamówieniu',
  colMove: 'Do przeniesienia',
  colStays: 'Zostaje',
  moveAll: 'Wszystkie',
  moveNone: 'Żadne',
  moveInvalid: 'Od 0 do {max} sztuk.',
  oldDeliveryCost: 'Koszt dostawy tego zamówienia',
  newDeliveryCost: 'Koszt dostawy nowego zamówienia',
  amountInvalid: 'Podaj kwotę od 0 z najwyżej dwoma miejscami po przecinku.',
  nothingMoved: 'Wybierz co najmniej jedną sztukę do przeniesienia.',
  empty: 'Zamówienie nie ma pozycji do podzielenia.',
  save: 'Podziel zamówienie',
  saving: 'Dzielenie...',
  done: 'Podzielono zamówienie',
  doneBody: 'Nowe zamówienie nr {id}',
  errorTitle: 'Błąd dzielenia zamówienia!',
  loadErrorTitle: 'Błąd ładowania zamówienia!',
} as const;
