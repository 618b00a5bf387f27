import { appMessages } from '@web/platform/messages.pl';

// Route titles live in the eager app catalogue (the route table needs them before this chunk).
const titles = appMessages.titles;

/** Defined package sizes (docs/rules/platform-rules.md §2, §8; docs/rules/catalogue-and-orders-rules.md §2.12, §8). */
export const userSizesMessages = {
  title: titles.userSizes,
  addHeading: 'Dodaj nowy rozmiar zdefiniowany',
  editHeading: 'Edycja rozmiaru zdefiniowanego',
  empty: 'Brak rozmiarów zdefiniowanych',
  loadErrorTitle: 'Błąd ładowania rozmiarów zdefiniowanych!',
  saveErrorTitle: 'Błąd zapisywania rozmiaru zdefiniowanego!',
  deleteErrorTitle: 'Błąd usuwania rozmiaru zdefiniowanego!',
  deleteConfirmTitle: 'Usuwanie rozmiaru zdefiniowanego',
  deleteConfirm: 'Czy na pewno usunąć rozmiar zdefiniowany „{name}”?',
  sizeA: 'A [mm]',
  sizeB: 'B [mm]',
  sizeC: 'C [mm]',
} as const;
