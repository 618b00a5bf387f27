/** Polish rows of the item reader's log (docs/decisions.md, Item reader). */
export const READER_MSG = {
  unknownCode: (text: string) => `Nieznany kod: „${text}”. Zeskanuj kod towaru, GTIN albo kod z arkusza kodów.`,
  emptyCode: 'Pusty kod. Zeskanuj kod ponownie.',
  itemNotFound: (text: string) => `Nie znaleziono towaru o kodzie ani GTIN „${text}”.`,
  itemSelected: (code: string, name: string) => `Wybrano towar ${code}${name ? ` (${name})` : ''}.`,
  noItemSelected: 'Najpierw zeskanuj kod towaru.',
  selectedItemGone: (code: string) => `Wybrany towar ${code} już nie istnieje. Zeskanuj towar ponownie.`,
  stockCommitted: (code: string, q: string, before: number, after: number) =>
    `Towar ${code}: zmiana stanu ${q} zatwierdzona (stan ${before} → ${after}).`,
  stockPending: (code: string, q: string) =>
    `Towar ${code}: dodano zmianę stanu ${q} (niezatwierdzona, zatwierdź w zmianach magazynowych).`,
  referenceSet: {
    item_status: (code: string, name: string) => `Towar ${code}: ustawiono status „${name}”.`,
    item_group: (code: string, name: string) => `Towar ${code}: ustawiono grupę „${name}”.`,
    delivery_price_list: (code: string, name: string) => `Towar ${code}: ustawiono cennik dostawy „${name}”.`,
    delivery_time: (code: string, name: string) => `Towar ${code}: ustawiono czas dostawy „${name}”.`,
    category: (code: string, name: string) => `Towar ${code}: ustawiono kategorię „${name}”.`,
    place: (code: string, name: string) => `Towar ${code}: ustawiono miejsce w magazynie „${name}”.`,
  },
  referenceNotFound: {
    item_status: (id: number) => `Nie znaleziono statusu towaru o ID ${id}.`,
    item_group: (id: number) => `Nie znaleziono grupy towarów o ID ${id}.`,
    delivery_price_list: (id: number) => `Nie znaleziono cennika dostawy o ID ${id}.`,
    delivery_time: (id: number) => `Nie znaleziono czasu dostawy o ID ${id}.`,
    category: (id: number) => `Nie znaleziono kategorii o ID ${id}.`,
    place: (id: number) => `Nie znaleziono miejsca w magazynie o ID ${id}.`,
  },
  orderOnly: (text: string) => `Kod „${text}” służy do obsługi zamówień. Użyj go w czytniku zamówień.`,
  reset: 'Wyczyszczono czytnik.',
} as const;
