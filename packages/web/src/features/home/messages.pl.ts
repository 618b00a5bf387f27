/** Home screen (platform.md §2 Home, §8). */
export const homeMessages = {
  title: 'Strona główna',
  greeting: 'Witaj, {login}!',
  testEnvironment: 'To jest środowisko testowe.',
  today: 'Dzisiaj',
  version: '{app}, wersja {version}',
  noWidgets: 'Brak widżetów do wyświetlenia.',
  noWidgetsBody: 'Podsumowania zamówień, przychodów i towarów pojawią się tutaj, gdy będą dostępne.',
  loadErrorTitle: 'Błąd ładowania danych',
  widgetError: 'Nie udało się wyświetlić tego widżetu.',
} as const;
