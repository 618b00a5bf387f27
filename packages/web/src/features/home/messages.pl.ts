import { appMessages } from '@web/platform/messages.pl';

// Route titles live in the eager app catalogue (the route table needs them before this chunk).
const titles = appMessages.titles;

/** Home screen (docs/rules/platform-rules.md §2 Home, §8). */
export const homeMessages = {
  title: titles.home,
  greeting: 'Witaj, {login}!',
  testEnvironment: 'To jest środowisko testowe.',
  today: 'Dzisiaj',
  version: '{app}, wersja {version}',
  noWidgets: 'Brak widżetów do wyświetlenia.',
  noWidgetsBody: 'Podsumowania zamówień, przychodów i towarów pojawią się tutaj, gdy będą dostępne.',
  loadErrorTitle: 'Błąd ładowania danych',
  widgetError: 'Nie udało się wyświetlić tego widżetu.',
} as const;
