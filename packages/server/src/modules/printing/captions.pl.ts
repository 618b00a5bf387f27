import type { BarcodeKind, IdCodeKind, ReaderCommand } from '@zaplecze/contract';

/** Polish texts printed on reader-code sheets (server-side only: the web screens never show them). */
export const PRINT_TEXT = {
  /** Header of every page, e.g. 'Kody czytnika – Statusy towarów'. */
  title: (kind: BarcodeKind) => `Kody czytnika – ${SHEET_TITLES[kind]}`,
  page: (page: number, pages: number) => `Strona ${page} z ${pages}`,
  stockChange: (n: number) => (n > 0 ? `Zwiększ stan o ${n}` : `Zmniejsz stan o ${-n}`),
  weight: (grams: number) => `Waga ${grams} g`,
  size: (mm: number) => `Rozmiar ${mm} mm`,
  order: (id: number) => `Zamówienie ${id}`,
  /** Caption of a row printed by id, e.g. 'Status towaru: Dostępny'. */
  row: (label: string, detail: string) => `${label}: ${detail}`,
  itemWithoutName: 'Towar bez nazwy',
  treeNode: (fullNumber: string, name: string) => `${fullNumber} ${name}`,
  userSize: (name: string, a: number, b: number, c: number) => `${name} (${a}×${b}×${c} mm)`,
} as const;

/** The 'other codes' (docs/rules/platform-rules.md §2): waybill print or dispatch, problem, document, reset. */
export const COMMAND_CAPTIONS: Record<ReaderCommand, string> = {
  SEND: 'Drukuj list przewozowy / nadaj paczkę',
  PROBLEM: 'Zgłoś problem',
  DOCUMENT: 'Drukuj dokument',
  RESET: 'Reset',
};

const SHEET_TITLES: Record<BarcodeKind, string> = {
  item: 'Towary',
  item_add_sub: 'Zmiany stanu',
  order: 'Zamówienia',
  size: 'Rozmiary paczek',
  weight: 'Wagi paczek',
  other: 'Inne kody',
  item_status: 'Statusy towarów',
  item_group: 'Grupy towarów',
  delivery_price_list: 'Cenniki dostawy',
  delivery_time: 'Czasy dostawy',
  category: 'Kategorie',
  place: 'Miejsca w magazynie',
  order_status: 'Statusy zamówień',
  income_source: 'Źródła przychodu',
  user_size: 'Rozmiary zdefiniowane',
};

/** Kinds printed from rows of a reference table (body {ids}). */
export type IdSheetKind = Exclude<IdCodeKind, 'order'>;

/** How each printed-by-id row is named: the caption's label and the noun of its 404 (genitive). */
export const ID_SHEET_NAMES: Record<IdSheetKind, { label: string; genitive: string }> = {
  item_status: { label: 'Status towaru', genitive: 'statusu towaru' },
  item_group: { label: 'Grupa towarów', genitive: 'grupy towarów' },
  delivery_price_list: { label: 'Cennik dostawy', genitive: 'cennika dostawy' },
  delivery_time: { label: 'Czas dostawy', genitive: 'czasu dostawy' },
  category: { label: 'Kategoria', genitive: 'kategorii' },
  place: { label: 'Miejsce', genitive: 'miejsca w magazynie' },
  order_status: { label: 'Status zamówienia', genitive: 'statusu zamówienia' },
  income_source: { label: 'Źródło przychodu', genitive: 'źródła przychodu' },
  user_size: { label: 'Rozmiar', genitive: 'rozmiaru zdefiniowanego' },
};
