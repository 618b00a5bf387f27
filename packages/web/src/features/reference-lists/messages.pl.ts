import { appMessages } from '@web/platform/messages.pl';

// Route titles live in the eager app catalogue (the route table needs them before this chunk).
const titles = appMessages.titles;

/**
 * Simple reference lists and statuses (docs/rules/platform-rules.md §2, §8; docs/rules/catalogue-and-orders-rules.md §2.12, §8).
 * Every list has the same set of texts (type ListTexts in ui/list-config.ts); the error titles
 * follow the catalogue's pattern 'Błąd ładowania/zapisywania/usuwania ...!'.
 */
export const listsMessages = {
  fields: {
    name: 'Nazwa',
    description: 'Opis',
    color: 'Kolor',
  },
  additionalDescs: {
    title: titles.additionalDescs,
    addHeading: 'Dodaj nowy opis dodatkowy',
    editHeading: 'Edycja opisu dodatkowego',
    empty: 'Brak opisów dodatkowych',
    loadErrorTitle: 'Błąd ładowania opisów dodatkowych!',
    saveErrorTitle: 'Błąd zapisywania opisu dodatkowego!',
    deleteErrorTitle: 'Błąd usuwania opisu dodatkowego!',
    deleteConfirmTitle: 'Usuwanie opisu dodatkowego',
    deleteConfirm: 'Czy na pewno usunąć opis dodatkowy „{name}”?',
  },
  deliveryPriceLists: {
    title: titles.deliveryPriceLists,
    addHeading: 'Dodaj nowy cennik dostawy',
    editHeading: 'Edycja cennika dostawy',
    empty: 'Brak cenników dostaw',
    loadErrorTitle: 'Błąd ładowania cenników dostaw!',
    saveErrorTitle: 'Błąd zapisywania cennika dostawy!',
    deleteErrorTitle: 'Błąd usuwania cennika dostawy!',
    deleteConfirmTitle: 'Usuwanie cennika dostawy',
    deleteConfirm: 'Czy na pewno usunąć cennik dostawy „{name}”?',
  },
  deliveryTimes: {
    title: titles.deliveryTimes,
    addHeading: 'Dodaj nowy czas dostawy',
    editHeading: 'Edycja czasu dostawy',
    empty: 'Brak czasów dostaw',
    loadErrorTitle: 'Błąd ładowania czasów dostaw!',
    saveErrorTitle: 'Błąd zapisywania czasu dostawy!',
    deleteErrorTitle: 'Błąd usuwania czasu dostawy!',
    deleteConfirmTitle: 'Usuwanie czasu dostawy',
    deleteConfirm: 'Czy na pewno usunąć czas dostawy „{name}”?',
  },
  itemGroups: {
    title: titles.itemGroups,
    addHeading: 'Dodaj nową grupę towarów',
    editHeading: 'Edycja grupy towarów',
    empty: 'Brak grup towarów',
    loadErrorTitle: 'Błąd ładowania grup towarów!',
    saveErrorTitle: 'Błąd zapisywania grupy towarów!',
    deleteErrorTitle: 'Błąd usuwania grupy towarów!',
    deleteConfirmTitle: 'Usuwanie grupy towarów',
    deleteConfirm: 'Czy na pewno usunąć grupę towarów „{name}”?',
  },
  itemStatuses: {
    title: titles.itemStatuses,
    addHeading: 'Dodaj nowy status towaru',
    editHeading: 'Edycja statusu towaru',
    empty: 'Brak statusów towarów',
    loadErrorTitle: 'Błąd ładowania statusów towarów!',
    saveErrorTitle: 'Błąd zapisywania statusu towaru!',
    deleteErrorTitle: 'Błąd usuwania statusu towaru!',
    deleteConfirmTitle: 'Usuwanie statusu towaru',
    deleteConfirm: 'Czy na pewno usunąć status towaru „{name}”?',
    defaultConfirmTitle: 'Zmiana domyślnego statusu towaru',
    defaultErrorTitle: 'Błąd zmiany domyślnego statusu towaru!',
    defaults: {
      isDefault: {
        setConfirm: 'Czy ustawić status „{name}” jako domyślny dla nowych towarów?',
        removeConfirm: 'Czy status „{name}” ma przestać być domyślnym statusem nowych towarów?',
      },
    },
  },
  incomeSources: {
    title: titles.incomeSources,
    addHeading: 'Dodaj nowe źródło przychodu',
    editHeading: 'Edycja źródła przychodu',
    empty: 'Brak źródeł przychodu',
    loadErrorTitle: 'Błąd ładowania źródeł przychodu!',
    saveErrorTitle: 'Błąd zapisywania źródła przychodu!',
    deleteErrorTitle: 'Błąd usuwania źródła przychodu!',
    deleteConfirmTitle: 'Usuwanie źródła przychodu',
    deleteConfirm: 'Czy na pewno usunąć źródło przychodu „{name}”?',
    defaultConfirmTitle: 'Zmiana domyślnego źródła przychodu',
    defaultErrorTitle: 'Błąd zmiany domyślnego źródła przychodu!',
    defaults: {
      isDefault: {
        setConfirm: 'Czy ustawić „{name}” jako domyślne źródło przychodu nowych zamówień?',
        removeConfirm: 'Czy „{name}” ma przestać być domyślnym źródłem przychodu nowych zamówień?',
      },
      isDefaultStationary: {
        setConfirm: 'Czy ustawić „{name}” jako domyślne źródło przychodu nowych zamówień stacjonarnych?',
        removeConfirm: 'Czy „{name}” ma przestać być domyślnym źródłem przychodu nowych zamówień stacjonarnych?',
      },
    },
  },
  orderStatuses: {
    title: titles.orderStatuses,
    addHeading: 'Dodaj nowy status zamówienia',
    editHeading: 'Edycja statusu zamówienia',
    empty: 'Brak statusów zamówień',
    loadErrorTitle: 'Błąd ładowania statusów zamówień!',
    saveErrorTitle: 'Błąd zapisywania statusu zamówienia!',
    deleteErrorTitle: 'Błąd usuwania statusu zamówienia!',
    deleteConfirmTitle: 'Usuwanie statusu zamówienia',
    deleteConfirm: 'Czy na pewno usunąć status zamówienia „{name}”?',
    defaultConfirmTitle: 'Zmiana domyślnego statusu zamówienia',
    defaultErrorTitle: 'Błąd zmiany domyślnego statusu zamówienia!',
    defaults: {
      isDefault: {
        setConfirm: 'Czy ustawić status „{name}” jako domyślny dla nowych zamówień?',
        removeConfirm: 'Czy status „{name}” ma przestać być domyślnym statusem nowych zamówień?',
      },
      isDefaultStationary: {
        setConfirm: 'Czy ustawić status „{name}” jako domyślny dla nowych zamówień stacjonarnych?',
        removeConfirm: 'Czy status „{name}” ma przestać być domyślnym statusem nowych zamówień stacjonarnych?',
      },
    },
  },
  /** The dispatch settings below the order statuses (docs/rules/catalogue-and-orders-rules.md §2.12). */
  dispatch: {
    heading: 'Ustawienia wysyłki',
    afterSizeWeight: 'Status zamówienia po wybraniu rozmiarów paczki i wagi',
    afterSend: 'Status zamówienia po nadaniu przesyłki lub wydruku listu przewozowego',
    off: '---[WYŁĄCZONE]---',
    autoReset: 'Automatycznie resetuj obsługiwane zamówienie po nadaniu przesyłki',
    autoResetHint:
      'Po nadaniu przesyłki lub wydruku listu przewozowego numer obsługiwanego zamówienia jest usuwany z pamięci czytnika kodów, więc na zamówieniu z wydrukowanym listem przewozowym nic więcej nie zostanie już wykonane.',
    save: 'Zapisz ustawienia wysyłki',
    loadErrorTitle: 'Błąd ładowania ustawień statusów zamówień',
    saveErrorTitle: 'Błąd zapisu ustawień statusów zamówień',
  },
} as const;
