import { appMessages } from '@web/platform/messages.pl';

// Route titles live in the eager app catalogue (the route table needs them before this chunk).
const titles = appMessages.titles;

/** The item barcode reader (docs/rules/platform-rules.md, Item reader; docs/decisions.md, Item reader screen). */
export const itemReaderMessages = {
  title: titles.itemsBarcodeReader,
  /** What the scanner mode asks for (the mode switch, fields and log texts are ui/'s). */
  scannerHint:
    'Czytnik jest aktywny na całej stronie: zeskanuj kod towaru, a potem kody z arkusza (zmiany stanu, statusy, miejsca…).',
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
  /** The log's column of the item each row acted on. */
  logItem: 'Towar',
  scanErrorTitle: 'Błąd odczytu kodu',
} as const;
