import type { InvoiceSnapshot } from '@zaplecze/contract';
import type { TenantDb } from '../db/tenant';
import type { AppDeps } from './context';

/**
 * Marks a plugin prints on an invoice (docs/plugins.md, "Invoice marks"): the KSeF verification
 * code (KOD I) — a QR code of `qrUrl` with `caption` (the KSeF number, or 'OFFLINE' while there
 * is none) under it. The core's PDF (printed, downloaded, e-mailed) asks every installed plugin
 * that gives marks; an invoice no plugin marks prints without one.
 */
export interface InvoiceMark {
  qrUrl: string;
  caption: string;
}

/**
 * What KSeF says of an invoice (docs/plugins.md, "Invoice marks"): its KSeF number; or that it
 * was issued in KSeF's offline mode and has no number yet; or that it is on its way (waiting).
 * An invoice with no mark never went to KSeF (or was rejected).
 */
export type KsefMark = { number: string } | { offline: true; waiting: false } | { waiting: true; offline: false };

export interface MarkedInvoice {
  id: number;
  snapshot: InvoiceSnapshot;
}

export type InvoiceMarkDeps = Pick<AppDeps, 'db' | 'config' | 'now'>;

export interface InvoiceMarkSource {
  /** Whether the source applies to the organisation (its plugin installed and usable). */
  isAvailable(tdb: TenantDb): Promise<boolean>;
  marks?(
    deps: InvoiceMarkDeps,
    tdb: TenantDb,
    invoices: readonly MarkedInvoice[],
  ): Promise<ReadonlyMap<number, InvoiceMark>>;
  ksef?(deps: InvoiceMarkDeps, tdb: TenantDb, invoiceIds: readonly number[]): Promise<ReadonlyMap<number, KsefMark>>;
}

class InvoiceMarkRegistry {
  private readonly sources = new Set<InvoiceMarkSource>();

  /** Adds a source; the answer removes it again. */
  register(source: InvoiceMarkSource): () => void {
    this.sources.add(source);
    return () => this.sources.delete(source);
  }

  /** The marks of the invoices by id (the first source that marks an invoice wins). */
  async marksFor(
    deps: InvoiceMarkDeps,
    tdb: TenantDb,
    invoices: readonly MarkedInvoice[],
  ): Promise<Map<number, InvoiceMark>> {
    const out = new Map<number, InvoiceMark>();
    if (invoices.length === 0) return out;
    for (const source of this.sources) {
      if (!source.marks || !(await source.isAvailable(tdb))) continue;
      for (const [id, mark] of await source.marks(deps, tdb, invoices)) if (!out.has(id)) out.set(id, mark);
    }
    return out;
  }

  /** The KSeF marks of the invoices by id, from the installed plugin that sends to KSeF (the first wins). */
  async ksefMarksFor(
    deps: InvoiceMarkDeps,
    tdb: TenantDb,
    invoiceIds: readonly number[],
  ): Promise<Map<number, KsefMark>> {
    const out = new Map<number, KsefMark>();
    if (invoiceIds.length === 0) return out;
    for (const source of this.sources) {
      if (!source.ksef || !(await source.isAvailable(tdb))) continue;
      for (const [id, mark] of await source.ksef(deps, tdb, invoiceIds)) if (!out.has(id)) out.set(id, mark);
    }
    return out;
  }
}

export const invoiceMarkRegistry = new InvoiceMarkRegistry();

/** The SDK's face: what KSeF says of these invoices (the tax files' marks). */
export function ksefMarksOf(
  deps: InvoiceMarkDeps,
  tdb: TenantDb,
  invoiceIds: readonly number[],
): Promise<Map<number, KsefMark>> {
  return invoiceMarkRegistry.ksefMarksFor(deps, tdb, invoiceIds);
}
