import { SUMMARY_YEAR_MAX, SUMMARY_YEAR_MIN } from '@zaplecze/contract';
import { appMessages } from '@web/platform/messages.pl';
import { uiMessages } from '@web/ui/messages.pl';

/**
 * The orders summary page and the home order and income widgets (docs/rules/catalogue-and-orders-rules.md §2.18,
 * §3 Summary, §8; docs/rules/platform-rules.md §2 Home).
 */
export const ordersSummaryMessages = {
  title: appMessages.titles.ordersSummary,
  months: uiMessages.months,
  search: {
    month: 'Miesiąc',
    year: 'Rok',
    yearInvalid: `Rok od ${SUMMARY_YEAR_MIN} do ${SUMMARY_YEAR_MAX}.`,
    incomeSource: 'Źródło przychodu',
    anySource: '(wszystkie)',
    statuses: 'Statusy zamówień',
    allStatuses: 'Wszystkie statusy',
    statusesChosen: { one: 'Wybrano {n} status', few: 'Wybrano {n} statusy', many: 'Wybrano {n} statusów' },
    clearStatuses: 'Wyczyść wybór',
    show: 'Pokaż',
  },
  loadErrorTitle: 'Błąd pobierania podsumowania',
  listsErrorTitle: 'Błąd ładowania danych!',
  statusesErrorTitle: 'Błąd ładowania statusów zamówień',
  heading: 'Podsumowanie: {month} {year}',
  fullIncome: {
    title: 'Przychód',
    all: 'Cały przychód',
    delivery: 'w tym dostawa',
    items: 'w tym towary',
  },
  notConnected: {
    title: 'Towary niepowiązane z katalogiem',
    income: 'Przychód z towarów',
    delivery: 'Dostawa tych zamówień',
  },
  byGroup: {
    title: 'Przychód według grup towarów',
    group: 'Grupa',
    noGroup: 'Towary bez grupy',
    income: 'Przychód z towarów',
    delivery: 'Dostawa',
    empty: 'Brak sprzedanych towarów.',
  },
  byStatus: {
    title: 'Przychód według statusów zamówień',
    status: 'Status',
    income: 'Przychód z towarów',
    delivery: 'Dostawa',
    empty: 'Brak zamówień.',
  },
  stats: {
    title: 'Statystyki',
    allOrdersCount: 'Liczba zamówień',
    allItemsCount: 'Liczba sprzedanych sztuk',
    avgOrdersPerDay: 'Średnio zamówień dziennie',
    avgItemsPerDay: 'Średnio sztuk dziennie',
    avgItemsPerOrder: 'Średnio sztuk na zamówienie',
    avgIncomePerOrder: 'Średni przychód na zamówienie',
    avgIncomeDeliveryPerOrder: 'Średnio dostawa na zamówienie',
    avgIncomeItemsPerOrder: 'Średnio towary na zamówienie',
  },
  chart: {
    title: 'Przychód dzienny',
    label: 'Wykres przychodu w kolejnych dniach miesiąca',
    bar: '{day}: {income} ({orders})',
    orders: { one: '{n} zamówienie', few: '{n} zamówienia', many: '{n} zamówień' },
    empty: 'Brak przychodu w tym miesiącu.',
  },
  widgets: {
    ordersTitle: 'Zamówienia',
    incomeTitle: 'Przychody',
    periods: {
      today: 'Dzisiaj',
      yesterday: 'Wczoraj',
      before7d: 'Ostatnie 7 dni',
      before30d: 'Ostatnie 30 dni',
      currentMonth: 'Ten miesiąc',
      lastMonth: 'Poprzedni miesiąc',
    },
    ordersCount: 'Liczba zamówień',
    itemsCount: 'Liczba towarów w zamówieniach',
    problemsInvoices: 'Z problemem / bez numeru faktury',
    sumAll: 'Przychód razem',
    sumDelivery: 'w tym dostawa',
    sumItems: 'w tym towary',
    range: '{from} – {to}',
    loadErrorTitle: 'Błąd ładowania danych',
    retry: 'Spróbuj ponownie',
  },
} as const;
