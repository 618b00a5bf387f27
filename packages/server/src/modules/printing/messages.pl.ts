/** Polish answers of reader-code printing. */
export const PRINT_MSG = {
  unknownKind: 'Nieznany rodzaj kodów czytnika.',
  itemNotFound: (code: string) => `Nie znaleziono towaru o kodzie ${code}.`,
  /** A row printed by id is missing; `genitive` from ID_SHEET_NAMES ('statusu towaru'). */
  rowNotFound: (genitive: string, id: number) => `Nie znaleziono ${genitive} o id ${id}.`,
} as const;
