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

export interface MarkedInvoice {
  id: number;
  snapshot: InvoiceSnapshot;
}

export type InvoiceMarkDeps = Pick<AppDeps, 'db' | 'config' | 'now'>;

export interface InvoiceMarkSource {
  /** Whether the source applies to the organisation (its plugin installed and usable). */
  isAvailable(tdb: TenantDb): Promise<boolean>;
  marks(
    deps: InvoiceMarkDeps,
    tdb: TenantDb,
    invoices: readonly MarkedInvoice[],
  ): Promise<ReadonlyMap<number, InvoiceMark>>;
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
      if (!(await source.isAvailable(tdb))) continue;
      for (const [id, mark] of await source.marks(deps, tdb, invoices)) if (!out.has(id)) out.set(id, mark);
    }
    return out;
  }
}

export const invoiceMarkRegistry = new InvoiceMarkRegistry();
