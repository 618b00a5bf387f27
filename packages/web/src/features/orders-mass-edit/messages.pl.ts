import { appMessages } from '@web/app/messages.pl';

/** The order mass edit page (goods-and-orders.md §2.16, §5 Order mass edit, §8). */
export const ordersMassEditMessages = {
  title: appMessages.titles.ordersMassEdit,
  heading: 'Masowa edycja zamówień',
  back: 'Powrót do listy zamówień',
  count: { one: '{n} zamówienie', few: '{n} zamówienia', many: '{n} zamówień' },
  noSelection: 'Nie wybrano zamówień do masowej edycji!',
  hint: 'Zaznacz pola, które mają zostać zmienione we wszystkich wybranych zamówieniach.',
  deliveryCost: 'Koszt dostawy (brutto)',
  deliveryVat: 'VAT dostawy',
  orderStatus: 'Status zamówienia',
  incomeSource: 'Źródło przychodu',
  choose: '-- wybierz --',
  required: 'Pole jest wymagane.',
  amountInvalid: 'Podaj kwotę od 0 z najwyżej dwoma miejscami po przecinku.',
  nothingTicked: 'Zaznacz co najmniej jedno pole do zmiany.',
  save: 'Zapisz zmiany',
  saving: 'Zapisywanie...',
  progress: '{done} / {total}',
  errorTitle: 'Błąd masowej edycji zamówień!',
  loadErrorTitle: 'Błąd ładowania danych!',
  reportTitle: 'Raport masowej edycji zamówień',
  reportErrors: 'Błędy (numer zamówienia: przyczyna)',
  reportNotFound: 'Nie znaleziono (numery zamówień)',
  reportOk: 'Zapisano poprawnie (numery zamówień)',
  reportError: '{id}: {reason}',
} as const;
