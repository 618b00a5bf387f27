import { appMessages } from '@web/app/messages.pl';

// Route titles live in the eager app catalogue (the route table needs them before this chunk).
const titles = appMessages.titles;

/** The item barcode reader (platform.md, Item reader; docs/decisions.md, Item reader screen). */
export const itemReaderMessages = {
  title: titles.itemsBarcodeReader,
  modes: {
    label: 'Tryb wprowadzania',
    scanner: 'Czytnik',
    manual: 'Ręcznie',
  },
  scanner: {
    label: 'Odczyt z czytnika',
    placeholder: 'Zeskanuj kod czytnikiem…',
    hint: 'Czytnik jest aktywny na całej stronie: zeskanuj kod towaru, a potem kody z arkusza (zmiany stanu, statusy, miejsca…).',
  },
  manual: {
    label: 'Kod',
    placeholder: 'Wpisz kod i naciśnij Enter',
    send: 'Wyślij',
  },
  item: {
    heading: 'Towar w obsłudze',
    none: 'Nie wybrano towaru. Zeskanuj kod towaru.',
    code: 'Kod',
    name: 'Nazwa',
    stock: 'Stan',
    place: 'Miejsce',
    noPlace: 'brak',
    noPhoto: 'Brak zdjęcia',
    photo: 'Zdjęcie towaru {code}',
    notFound: 'Nie znaleziono towaru {code}.',
    loadErrorTitle: 'Błąd pobierania towaru',
  },
  log: {
    heading: 'Historia skanowania',
    empty: 'Nic jeszcze nie zeskanowano.',
    colDate: 'Data',
    colItem: 'Towar',
    colAction: 'Akcja',
    colCode: 'Kod',
  },
  scanErrorTitle: 'Błąd odczytu kodu',
} as const;
