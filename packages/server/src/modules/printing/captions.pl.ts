import type { BarcodeKind, ReaderCommand } from '@zaplecze/contract';

/** Polish texts printed on reader-code sheets (server-side only: the web screens never show them). */
export const PRINT_TEXT = {
  /** Header of every page, e.g. 'Kody czytnika – Statusy towarów'. */
  title: (kind: BarcodeKind) => `Kody czytnika – ${SHEET_TITLES[kind]}`,
  page: (page: number, pages: number) => `Strona ${page} z ${pages}`,
  stockChange: (n: number) => (n > 0 ? `Zwiększ stan o ${n}` : `Zmniejsz stan o ${-n}`),
  weight: (grams: number) => `Waga ${grams} g`,
  size: (mm: number) => `Rozmiar ${mm} mm`,
  order: (id: number) => `Zamówienie ${id}`,
  itemStatus: (name: string) => `Status towaru: ${name}`,
  itemGroup: (name: string) => `Grupa towarów: ${name}`,
  deliveryPriceList: (name: string) => `Cennik dostawy: ${name}`,
  deliveryTime: (name: string) => `Czas dostawy: ${name}`,
  category: (fullNumber: string, name: string) => `Kategoria: ${fullNumber} ${name}`,
  place: (fullNumber: string, name: string) => `Miejsce: ${fullNumber} ${name}`,
  orderStatus: (name: string) => `Status zamówienia: ${name}`,
  incomeSource: (name: string) => `Źródło przychodu: ${name}`,
  userSize: (name: string, a: number, b: number, c: number) => `Rozmiar: ${name} (${a}×${b}×${c} mm)`,
} as const;

/** The 'other codes' (platform.md §2): waybill print or dispatch, problem, document, reset. */
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
