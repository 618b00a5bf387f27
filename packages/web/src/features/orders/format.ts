import type { OrderMassResult, OrderRow } from '@zaplecze/contract';
import { format } from '@web/i18n';
import type { ReportSection } from '@web/ui/report';

/** Row formatting of the order list and its preview (docs/rules/catalogue-and-orders-rules.md §2.13). Pure, so it is unit-tested. */

/** §2.13: waybill numbers longer than 10 characters show their first 10 and an ellipsis. */
export const WAYBILL_SHOWN_CHARS = 10;

export function shortWaybill(waybill: string | null): string {
  if (!waybill) return '';
  const chars = [...waybill];
  return chars.length > WAYBILL_SHOWN_CHARS ? `${chars.slice(0, WAYBILL_SHOWN_CHARS).join('')}…` : waybill;
}

/** Kilograms as typed in the form: up to three decimals, no trailing zeros (1.5, 0.25, 2). */
export function formatWeight(kg: number): string {
  return String(Math.round(kg * 1000) / 1000);
}

/** The buyer as the list shows them: name, or company, or '' (the cell then shows '---'). */
export function clientName(row: Pick<OrderRow, 'clientData'>): string {
  const c = row.clientData;
  return [c.nameSurname, c.companyName].filter((s) => s.trim() !== '').join(', ');
}

// ---- mass results ------------------------------------------------------------------------------

export interface OrderReportTitles {
  errors: string;
  notFound: string;
  ok: string;
  /** One error line: '{id}: {reason}'. */
  error: string;
}

/**
 * The bulk report of an order mass operation (docs/rules/catalogue-and-orders-rules.md §8: errors with id and reason,
 * ids not found, ids done). Empty sections are left out by reportText.
 */
export function orderMassReport(r: OrderMassResult, t: OrderReportTitles): ReportSection[] {
  return [
    { title: t.errors, lines: r.err.map((e) => format(t.error, { id: e.id, reason: e.reason })) },
    { title: t.notFound, lines: r.notFound.map(String) },
    { title: t.ok, lines: r.ok.map(String) },
  ];
}

/** The buyer page of an order (docs/rules/platform-rules.md §2): opened in a new tab from the list. */
export function buyerInfoUrl(orgPrefix: string, uuid: string): string {
  return `/order-buyer-info?${new URLSearchParams({ p: orgPrefix, uuid }).toString()}`;
}
