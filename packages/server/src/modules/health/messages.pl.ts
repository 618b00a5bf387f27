/** The Polish texts of the health and readiness answers (docs/operations.md, Health and readiness). */
export const HEALTH_MSG = {
  notReady: (what: readonly string[]) => `Serwer nie jest gotowy: ${what.join('; ')}.`,
  stopping: 'serwer kończy pracę i nie przyjmuje nowych żądań',
  database: 'baza danych nie odpowiada',
  migrations: (missing: readonly string[]) =>
    `baza danych nie ma wszystkich migracji tej wersji programu (brakuje: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` i ${missing.length - 5} innych` : ''})`,
  migrationsUnknown: 'nie udało się sprawdzić migracji bazy danych',
  storage: 'magazyn plików nie przyjmuje zapisu',
  timedOut: (what: string, ms: number) => `${what} (brak odpowiedzi w ciągu ${ms / 1000} s)`,
};
