/** Polish texts of the invoices module: answers, the PDF's captions and the e-mail. */
export const INVOICES_MSG = {
  orderNotFound: 'Nie znaleziono zamówienia.',
  tooLarge: 'Kwoty zamówienia są zbyt duże, by wystawić fakturę.',
  hasReceipt: (number: string) =>
    `Do zamówienia wystawiono paragon ${number}: sprzedaż ma już dokument, faktury nie wystawia się drugi raz.`,
} as const;

/** Answers about receipts (docs/decisions.md, Documents: receipts). */
export const RECEIPTS_MSG = {
  notStationary: 'Paragon wystawia się do zamówień stacjonarnych. Do tego zamówienia wystaw fakturę.',
  hasInvoice: (number: string) =>
    `Do zamówienia wystawiono już fakturę ${number}: paragonu nie wystawia się drugi raz.`,
  noLines: 'Zamówienie nie ma pozycji: nie ma czego umieścić na paragonie.',
  badTaxId: 'NIP nabywcy na paragonie jest nieprawidłowy (10 cyfr z poprawną cyfrą kontrolną).',
  tooLarge: 'Kwoty zamówienia są zbyt duże, by wystawić paragon.',
} as const;

/** Defaults when an invoice setting is empty (docs/decisions.md, Invoices and e-mail). */
export const INVOICE_DEFAULTS = {
  paymentDefault: 'Przelew',
  paymentCod: 'Za pobraniem',
  paymentStationary: 'Gotówka',
  sendNameDefault: 'Wysyłka',
  sendNameCod: 'Wysyłka za pobraniem',
  sendNameStationary: 'Dostawa',
  unit: 'szt.',
  /** The delivery line's unit (a service). */
  serviceUnit: 'usł.',
  /** The legal basis printed with a zw line (INVOICE_VAT_EXEMPTION_NOTE, docs/decisions.md). */
  exemptionNote: 'Zwolnienie z VAT na podstawie art. 113 ust. 1 ustawy o VAT',
} as const;

/** The notes of the rates that are no number, printed under the totals (docs/rules/server-side-rules.md, Invoices). */
export const INVOICE_VAT_NOTES = {
  reverseCharge: 'odwrotne obciążenie',
  notSubject: 'nie podlega opodatkowaniu',
} as const;

/** Captions printed on the invoice PDF. */
export const INVOICE_PDF = {
  title: 'Faktura VAT',
  number: (n: string) => `nr ${n}`,
  continued: (n: string) => `Faktura VAT nr ${n} (ciąg dalszy)`,
  placeOfIssue: 'Miejsce wystawienia:',
  issueDate: 'Data wystawienia:',
  saleDate: 'Data sprzedaży:',
  seller: 'Sprzedawca',
  buyer: 'Nabywca',
  taxId: (nip: string) => `NIP: ${nip}`,
  cols: [
    'Lp.',
    'Nazwa towaru lub usługi',
    'Ilość',
    'J.m.',
    'Cena brutto',
    'VAT',
    'Wartość netto',
    'Kwota VAT',
    'Wartość brutto',
  ],
  code: (c: string) => `kod: ${c}`,
  rateCols: ['Stawka VAT', 'Wartość netto', 'Kwota VAT', 'Wartość brutto'],
  total: 'Razem',
  toPay: 'Do zapłaty:',
  inWords: 'Słownie:',
  payment: 'Sposób płatności:',
  bankAccount: 'Numer konta:',
  bank: 'Bank:',
  shipping: 'Sposób dostawy:',
  order: (id: number, ext: string | null) => `Zamówienie nr ${id}${ext ? ` (${ext})` : ''}`,
  annotations: 'Uwagi:',
  issuer: 'Wystawił(a)',
  receiver: 'Odebrał(a)',
  signatureNote: 'podpis osoby upoważnionej',
} as const;

/** The e-mail that carries an invoice. */
export const INVOICE_MAIL = {
  subject: (number: string) => `Faktura ${number}`,
  body: (number: string, orderId: number, seller: string) =>
    `Dzień dobry,\n\nw załączniku przesyłamy fakturę ${number} do zamówienia nr ${orderId}.\n\nPozdrawiamy\n${seller}\n`,
  fileName: (number: string) => `Faktura_${number.replace(/[^0-9A-Za-z]+/g, '_')}.pdf`,
} as const;
