import { DOCUMENT_MSG } from '@zaplecze/contract';
import { appMessages } from '@web/platform/messages.pl';

// Route titles live in the eager app catalogue (the route table needs them before this chunk).
const titles = appMessages.titles;

/**
 * The order barcode reader of the packing bench (docs/rules/catalogue-and-orders-rules.md §2.17, §4 Barcode readers;
 * docs/decisions.md, Order reader screen).
 */
export const orderReaderMessages = {
  title: titles.ordersBarcodeReader,
  scannerHint:
    'Czytnik jest aktywny na całej stronie: zeskanuj kod zamówienia, potem wagę, wymiary, towary i kod listu przewozowego.',
  /** §5: the reader's warning while its settings are missing (the exact text of the contract). */
  noSettings: DOCUMENT_MSG.noReaderSettings,
  noSettingsLink: 'Przejdź do ustawień drukowania',
  noPermission: 'Nie masz uprawnień do edycji zamówień (main.order.edit): czytnik nie może zmieniać zamówień.',
  clear: 'Wyczyść zamówienie',
  sound: 'Dźwięk przy błędzie',
  logOrder: 'Zamówienie',
  panel: {
    heading: 'Zamówienie w obsłudze',
    none: 'Nie wybrano zamówienia. Zeskanuj kod zamówienia.',
    number: 'Zamówienie nr {id}',
    status: 'Status',
    sizes: 'Wymiary paczki',
    sizesValue: '{a} × {b} × {c} mm',
    nextSide: 'następny bok: {side}',
    weight: 'Waga',
    weightValue: '{kg} kg',
    carrier: 'Przewoźnik',
    noCarrier: 'brak',
    waybill: 'List przewozowy',
    noWaybill: 'nie nadano',
    cod: 'Pobranie',
    stationary: 'Stacjonarne',
    stationaryReceipt: 'Zamówienie stacjonarne: kod dokumentu wystawia paragon.',
    sumGross: 'Wartość brutto',
    lines: 'Pozycje',
    colCode: 'Kod',
    colName: 'Nazwa',
    colPacked: 'Spakowano',
    packedValue: '{packed} / {quantity}',
    packed: 'spakowano',
    missing: 'brak {n}',
    noLines: 'Zamówienie nie ma pozycji.',
    packingNotStarted: 'Pakowanie nie rozpoczęte: zeskanuj towary.',
  },
  /** Rows the client adds to the log after its own actions (§4 Barcode readers, decisions.md Documents). */
  actions: {
    sent: 'Nadano paczkę: {waybill}',
    sentEarlier: 'Przesyłka nadana wcześniej: {waybill}',
    sendError: 'Błąd nadawania przesyłki: {message}',
    bolError: 'Błąd druku listu przewozowego: {message}',
    documentIssued: 'Dokument: {number}',
    documentMailed: 'Dokument: {number}, wysyłka e-mail do klienta zlecona',
    documentError: 'Błąd druku dokumentu: {message}',
    receiptError: 'Błąd wystawienia paragonu: {message}',
    autoReset: 'Zamówienie zamknięte po nadaniu (automatyczny reset).',
    cleared: 'Wyczyszczono zamówienie.',
  },
  /** The row of a stationary order's receipt (docs/decisions.md, Documents: receipts): {number}, {message}. */
  receipt: {
    printed: 'Paragon {number} wystawiony i wydrukowany na drukarce fiskalnej.',
    notPrinted: 'Paragon {number} wystawiony; {message}',
    noPrinter: 'Paragon {number} wystawiony (bez drukarki fiskalnej w Zapleczu: nie został wydrukowany).',
    earlierPrinted: 'Paragon {number} wystawiony wcześniej i wydrukowany na drukarce fiskalnej.',
    earlierNotPrinted: 'Paragon {number} wystawiony wcześniej; {message}',
    earlier: 'Paragon {number} wystawiony wcześniej.',
  },
} as const;
