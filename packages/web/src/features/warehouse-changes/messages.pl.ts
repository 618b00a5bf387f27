import { appMessages } from '@web/platform/messages.pl';
import { uiMessages } from '@web/ui/messages.pl';

// Route titles live in the eager app catalogue (the route table needs them before this chunk).
const titles = appMessages.titles;

/** Warehouse changes (docs/rules/platform-rules.md §2 Warehouse changes; docs/decisions.md, Warehouse changes screen). */
export const warehouseChangesMessages = {
  title: titles.warehouseChanges,
  /** January first; the dropdown and the heading of a month. */
  months: uiMessages.months,
  /** The same names as the CSV export's Typ column (contract WAREHOUSE_CHANGE_TYPE_NAMES). */
  types: {
    INITIAL: 'Stan początkowy',
    ITEM_EDIT: 'Edycja towaru',
    GENERATE: 'Generowanie towarów',
    COPY: 'Kopia towaru',
    MASS_EDIT: 'Edycja masowa',
    READER: 'Czytnik',
    ORDER: 'Zamówienie',
    IMPORT: 'Import z pliku',
  },
  search: {
    month: 'Miesiąc',
    year: 'Rok',
    show: 'Pokaż',
    yearInvalid: 'Rok musi być liczbą całkowitą od {min} do {max}.',
  },
  list: {
    noun: 'zmian stanów',
    empty: 'Brak zmian stanów do wyświetlenia',
    loadErrorTitle: 'Błąd pobierania zmian stanów magazynowych',
    colId: 'ID',
    colOrder: 'Zam.',
    colItem: 'Towar',
    colType: 'Typ',
    colQuantity: 'Ilość',
    colChange: 'Zmiana stanu',
    colChangeDate: 'Data zmiany',
    colCommitDate: 'Zatwierdzenie',
    colActions: 'Akcje',
    notCommitted: 'Niezatwierdzona',
  },
  actions: {
    commit: 'Zatwierdź',
    commitLabel: 'Zatwierdź zmianę {id}',
    committed: 'Zatwierdzono',
    commitErrorTitle: 'Błąd zatwierdzania zmiany stanu magazynowego',
    delete: 'Usuń',
    deleteLabel: 'Usuń zmianę {id}',
    deleteHint: 'Usunięcie zmiany nie zmienia stanu towaru: stan trzeba poprawić ręcznie.',
    deleteConfirmTitle: 'Usuwanie zmiany stanu',
    deleteConfirm:
      'Czy na pewno usunąć zmianę stanu {id} ({code})? Usunięcie zmiany nie zmienia stanu towaru: stan trzeba poprawić ręcznie.',
    deleted: 'Usunięto',
    deleteErrorTitle: 'Błąd usuwania zmiany stanu magazynowego',
  },
  bulk: {
    commit: 'Zatwierdź zaznaczone',
    selected: 'Zaznaczono: {n}',
    clear: 'Odznacz wszystkie',
    nothingTitle: 'Nic nie wybrano',
    nothing: 'Nie wybrano zmian stanu do zatwierdzania',
    errorTitle: 'Błąd zatwierdzania zmiany stanu mag.',
    error: 'ID {id}: {message}',
    done: { one: 'Zatwierdzono {n} zmianę', few: 'Zatwierdzono {n} zmiany', many: 'Zatwierdzono {n} zmian' },
  },
  csv: {
    export: 'Eksport CSV',
    errorTitle: 'Błąd pobierania pliku CSV',
  },
} as const;
