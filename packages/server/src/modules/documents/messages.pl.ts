/** Polish texts of the documents module (waybills, labels, invoices, the print log). */
export const DOCUMENTS_MSG = {
  orderNotFound: 'Nie znaleziono zamówienia.',
} as const;
