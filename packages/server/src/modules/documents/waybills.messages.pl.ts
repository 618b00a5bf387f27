/** Polish texts of dispatch, waybills and temporary labels (answers and printed captions). */
export const WAYBILLS_MSG = {
  sentEarlier: (waybill: string) => `Paczka została nadana wcześniej (list przewozowy ${waybill}).`,
  typedByHand: (waybill: string) =>
    `Zamówienie ma wpisany ręcznie numer listu przewozowego ${waybill}; paczki nie nadano ponownie.`,
  carrierUnavailable: 'Przewoźnik wybrany w zamówieniu nie jest dostępny.',
  carrierCannotDispatch: 'Ten przewoźnik nie nadaje paczek przez Zaplecze.',
  carrierFailed: 'Przewoźnik nie nadał paczki. Spróbuj ponownie później.',
  labelFailed: 'Nie udało się pobrać etykiety od przewoźnika. Spróbuj ponownie później.',
  orderChanged: 'Zamówienie zmieniło się w trakcie nadawania. Spróbuj ponownie.',
  dispatchInProgress: 'Zamówienie jest właśnie nadawane. Spróbuj ponownie za chwilę.',
  waybillPending: (carrier: string) =>
    `${carrier} przygotowuje list przewozowy. Zeskanuj kod nadania (albo wydrukuj list) ponownie za chwilę: paczka nie zostanie nadana drugi raz.`,
  notDispatched: 'Zamówienie nie ma nadanej paczki.',
  cannotCancel: 'Tej przesyłki nie można anulować w Zapleczu: przewoźnik na to nie pozwala.',
  alreadyOnItsWay: 'Przewoźnik nie pozwala już anulować tej przesyłki (jest potwierdzona, w drodze albo doręczona).',
  badLabelPdf: 'Przewoźnik przysłał etykietę, której nie da się odczytać.',
} as const;

/** Captions printed on the labels. */
export const LABEL_TEXT = {
  bolTitle: 'Listy przewozowe',
  labelsTitle: 'Etykiety tymczasowe',
  sender: 'NADAWCA',
  receiver: 'ODBIORCA',
  pickupPoint: (point: string) => `Punkt odbioru: ${point}`,
  sizes: (s: string) => `Wymiary: ${s}`,
  weight: (w: string) => `Waga: ${w}`,
  cashOnDelivery: (amount: string) => `POBRANIE: ${amount}`,
  order: (id: number) => `Zamówienie nr ${id}`,
  temporary: 'ETYKIETA TYMCZASOWA',
  personalPickup: 'Odbiór osobisty',
  noCarrier: 'Bez przewoźnika',
  lines: (n: number) => `Pozycje (${n})`,
  moreLines: (n: number) =>
    `… i jeszcze ${n} ${n === 1 ? 'pozycja' : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 'pozycje' : 'pozycji'}`,
  noLines: 'Brak pozycji',
} as const;
