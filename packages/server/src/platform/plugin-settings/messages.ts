/** The Polish messages of plugin settings and secrets (answered to the client as they are). */
export const SETTINGS_MSG = {
  unknownValue: (name: string) => `Nieznane ustawienie „${name}”.`,
  secretInValues: (name: string) => `Pole „${name}” jest tajne: podaj je w sekcji wartości tajnych (secrets).`,
  unknownSecret: (name: string) => `Nieznane pole tajne „${name}”.`,
  emptySecret: (name: string) =>
    `Podaj wartość pola „${name}”. Aby zachować zapisaną wartość, nie wysyłaj tego pola; aby ją usunąć, wyślij null.`,
  unreadableSecret: (name: string) =>
    `Wprowadź ponownie wartość pola „${name}” w ustawieniach pluginu: zapisanej wartości nie da się odczytać (zmienił się klucz szyfrowania).`,
} as const;
