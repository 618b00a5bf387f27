import { appMessages } from '@web/platform/messages.pl';

// Route titles live in the eager app catalogue (the route table needs them before this chunk).
const titles = appMessages.titles;

/** Reader-code sheets (docs/rules/platform-rules.md §2 Reader-code printing, §5, §8). */
export const barcodePrintsMessages = {
  title: titles.barcodePrints,
  intro:
    'Przygotuj arkusze kodów kreskowych do skanowania czytnikiem: zmiany stanów towarów, wagi i wymiary paczek oraz kody poleceń.',
  itemsSection: 'Towary',
  ordersSection: 'Zamówienia',
  print: 'Drukuj kody',
  download: 'Pobierz PDF',
  clear: 'Wyczyść listę',
  clearConfirmTitle: 'Czyszczenie listy',
  clearConfirm: 'Czy usunąć wszystkie wartości z listy?',
  remove: 'Usuń {value}',
  count: { one: '{n} kod', few: '{n} kody', many: '{n} kodów' },
  addErrorTitle: 'Błąd dodawania',
  zero: 'Nie można dodać zmiany stanu o zero',
  duplicate: 'Istnieje już taka wartość',
  notPositive: 'Wartości muszą być większe od zera!',
  tooMany: 'Jednorazowo można wydrukować najwyżej {max} kodów.',
  nothingNew: 'Wszystkie wygenerowane wartości są już na liście.',
  added: { one: 'Dodano {n} wartość', few: 'Dodano {n} wartości', many: 'Dodano {n} wartości' },
  stock: {
    title: 'Zmiany stanu magazynowego',
    hint: 'Kod zmiany stanu zeskanowany w czytniku towarów zwiększa lub zmniejsza stan bieżącego towaru.',
    amount: 'Ilość',
    increase: 'Dodaj zwiększenie',
    decrease: 'Dodaj zmniejszenie',
    empty: 'Brak zmian stanu. Wpisz ilość i dodaj ją jako zwiększenie lub zmniejszenie.',
    invalid: 'Zmiana stanu musi być liczbą całkowitą od 1 do {max}.',
  },
  weights: {
    title: 'Wagi paczek',
    hint: 'Kod wagi zeskanowany w czytniku zamówień zapisuje wagę paczki bieżącego zamówienia.',
    unit: 'g',
    empty: 'Brak wag. Wygeneruj je albo dodaj pojedynczą wartość.',
    invalid: 'Waga musi być liczbą całkowitą gramów, najwyżej {max}.',
  },
  sizes: {
    title: 'Wymiary paczek',
    hint: 'Kod wymiaru zeskanowany w czytniku zamówień zapisuje kolejny bok paczki bieżącego zamówienia.',
    unit: 'mm',
    empty: 'Brak wymiarów. Wygeneruj je albo dodaj pojedynczą wartość.',
    invalid: 'Wymiar musi być liczbą całkowitą milimetrów, najwyżej {max}.',
  },
  generate: {
    step: 'Co ile ({unit})',
    upTo: 'Do ({unit})',
    button: 'Generuj',
    hint: 'Dodaje wielokrotności kroku aż do maksimum, pomijając wartości już dodane.',
    single: 'Pojedyncza wartość ({unit})',
    add: 'Dodaj',
  },
  other: {
    title: 'Inne kody',
    hint: 'Kody poleceń dla czytnika zamówień.',
    codes: [
      'Nadanie i druk listu przewozowego',
      'Zgłoszenie problemu z zamówieniem',
      'Druk dokumentu (faktury)',
      'Reset: czyści bieżące zamówienie (działa też w czytniku zamówień)',
    ],
  },
} as const;
