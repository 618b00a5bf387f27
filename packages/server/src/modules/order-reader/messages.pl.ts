import { DOCUMENT_MSG, ORDER_READER_STATUS_LOCKED } from '@zaplecze/contract';

/** Polish rows of the order reader's log (docs/decisions.md, Documents: Order reader). */
export const ORDER_READER_MSG = {
  emptyCode: 'Pusty kod. Zeskanuj kod ponownie.',
  unknownCode: (text: string) =>
    `Nieznany kod: „${text}”. Zeskanuj kod zamówienia, kod lub GTIN towaru albo kod z arkusza kodów.`,
  noOrderSelected: 'Najpierw zeskanuj kod zamówienia.',
  orderNotFound: (id: number) => `Nie znaleziono zamówienia o ID ${id}.`,
  selectedOrderGone: (id: number) => `Wybrane zamówienie ${id} już nie istnieje. Zeskanuj zamówienie ponownie.`,
  orderSelected: (id: number, status: string) => `Wybrano zamówienie ${id} (status „${status}”).`,
  itemOnly: (text: string) => `Kod „${text}” służy do obsługi towarów. Użyj go w czytniku towarów.`,
  weightSet: (id: number, kg: string) => `Zamówienie ${id}: ustawiono wagę ${kg} kg.`,
  sideSet: (id: number, side: string, mm: number) => `Zamówienie ${id}: ustawiono wymiar ${side} = ${mm} mm.`,
  userSizeSet: (id: number, name: string, a: number, b: number, c: number) =>
    `Zamówienie ${id}: ustawiono rozmiar „${name}” (${a} × ${b} × ${c} mm).`,
  userSizeNotFound: (id: number) => `Nie znaleziono rozmiaru paczki o ID ${id}.`,
  statusAfterSizeWeight: (name: string) => ` Wymiary i waga kompletne: ustawiono status „${name}”.`,
  statusSet: (id: number, name: string) => `Zamówienie ${id}: ustawiono status „${name}”.`,
  statusNotFound: (id: number) => `Nie znaleziono statusu zamówienia o ID ${id}.`,
  /** §4 Order status: the exact text, with nothing after it (docs/decisions.md, Order reader). */
  statusLocked: ORDER_READER_STATUS_LOCKED,
  sourceSet: (id: number, name: string) => `Zamówienie ${id}: ustawiono źródło przychodu „${name}”.`,
  sourceNotFound: (id: number) => `Nie znaleziono źródła przychodu o ID ${id}.`,
  problemSet: (id: number) => `Zamówienie ${id}: zgłoszono problem.`,
  problemAlready: (id: number) => `Zamówienie ${id} ma już zgłoszony problem.`,
  /** The problem text the reader stores on an order that had none. */
  problemText: 'Problem zgłoszony czytnikiem kodów kreskowych.',
  sendParcel: (id: number) => `Zamówienie ${id}: nadanie przesyłki.`,
  printBol: (id: number, bol: string) => `Zamówienie ${id}: ponowny wydruk listu przewozowego ${bol}.`,
  linesMissing: (id: number, missing: string) =>
    `Nie można nadać przesyłki zamówienia ${id}: brakuje towarów ${missing}.`,
  printDocument: (id: number) => `Zamówienie ${id}: wydruk dokumentu.`,
  /** A stationary order's document with the receipts' plugin installed (docs/decisions.md, Documents: receipts). */
  printReceipt: (id: number) => `Zamówienie ${id}: wystawienie paragonu.`,
  noInvoiceData: DOCUMENT_MSG.noInvoiceData,
  itemPacked: (id: number, code: string, packed: number, quantity: number) =>
    `Zamówienie ${id}: spakowano ${code} (${packed} z ${quantity}).`,
  allPacked: ' Wszystkie towary spakowane.',
  wrongItem: (id: number, text: string) => `Błędny towar: „${text}” nie należy do zamówienia ${id}.`,
  extraItem: (id: number, code: string, quantity: number) =>
    `Nadmiarowy towar: ${code} — zamówienie ${id} ma ${quantity} szt. i wszystkie już spakowano.`,
  reset: 'Wyczyszczono czytnik.',
  panelNotFound: 'Nie znaleziono zamówienia.',
} as const;
