/**
 * Test data of the jpk plugin (unit, API, browser tests and `bench/jpk.ts`): invoice and receipt
 * snapshots as the core issues them (the contract's `invoiceTotals`), rows written straight into
 * the core's `invoices` / `receipts` tables (what `documentsOfMonth` reads), valid settings, and
 * the official schemas through the xmllint CLI when the machine has it (Debian `libxml2-utils`).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  amountInWords,
  formatInvoiceNumber,
  formatReceiptNumber,
  invoiceTotals,
  vatToStored,
  type InvoiceSnapshot,
  type VatValue,
} from '@zaplecze/contract';
import type { Kysely } from 'kysely';
import type { JpkSettings } from '../schemas';

export const SELLER_NIP = '5260250274';

export const COMPANY_SETTINGS: JpkSettings = {
  taxOfficeCode: '1471',
  nip: '526-025-02-74',
  naturalPerson: false,
  fullName: 'Sklep Żółta Gęś sp. z o.o.',
  firstName: '',
  lastName: '',
  birthDate: '',
  email: 'biuro@zolta-ges.pl',
  phone: '+48 600 100 200',
  province: 'mazowieckie',
  county: 'Warszawa',
  commune: 'Warszawa',
  street: 'Świętokrzyska',
  houseNumber: '12',
  flatNumber: '3',
  city: 'Warszawa',
  postCode: '00-916',
};

export const PERSON_SETTINGS: JpkSettings = {
  ...COMPANY_SETTINGS,
  naturalPerson: true,
  fullName: '',
  firstName: 'Łucja',
  lastName: 'Żółtowska-Gęś',
  birthDate: '1985-04-12',
};

export interface DocLine {
  name?: string;
  quantity: number;
  /** Gross unit price, grosze. */
  unitGross: number;
  vat: VatValue;
}

export interface DocInput {
  kind?: 'invoice' | 'receipt';
  n: number;
  year: number;
  month: number;
  day?: number;
  lines: DocLine[];
  currency?: string;
  saleDay?: number;
  buyer?: Partial<InvoiceSnapshot['buyer']>;
  sellerNip?: string;
  exemptionBasis?: string;
}

const dd = (n: number) => String(n).padStart(2, '0');

/** A snapshot as the core issues it (totals from the gross, per rate). */
export function snapshot(d: DocInput): InvoiceSnapshot {
  const t = invoiceTotals(
    d.lines.map((l, i) => ({
      name: l.name ?? `Towar ${i + 1}`,
      code: `K-${i + 1}`,
      quantity: l.quantity,
      unitGross: l.unitGross,
      vat: vatToStored(l.vat)!,
    })),
  );
  const day = d.day ?? 15;
  const issueDate = `${d.year}-${dd(d.month)}-${dd(day)}`;
  const receipt = d.kind === 'receipt';
  const number = receipt ? formatReceiptNumber(d.n, d.month, d.year) : formatInvoiceNumber(d.n, d.month, d.year);
  return {
    version: 1,
    number,
    n: d.n,
    month: d.month,
    year: d.year,
    issueDate,
    issuedAt: `${issueDate}T10:00:00.000Z`,
    saleDate: `${d.year}-${dd(d.month)}-${dd(d.saleDay ?? day)}`,
    placeOfIssue: 'Warszawa',
    bankAccount: '',
    bankName: '',
    currency: d.currency ?? 'PLN',
    seller: {
      name: 'Sklep Żółta Gęś sp. z o.o.',
      taxId: d.sellerNip ?? SELLER_NIP,
      address: 'ul. Świętokrzyska 12/3',
      postCode: '00-916',
      city: 'Warszawa',
      countryCode: 'PL',
    },
    buyer: {
      isCompany: false,
      name: receipt ? '' : `Klient ${d.n} „Źdźbło”`,
      taxId: '',
      address: receipt ? '' : 'ul. Długa 1',
      postCode: receipt ? '' : '30-001',
      city: receipt ? '' : 'Kraków',
      countryCode: receipt ? '' : 'PL',
      email: '',
      tel: '',
      ...d.buyer,
    },
    lines: t.lines.map((l, i) => ({ ...l, no: i + 1, unit: 'szt.' })),
    rates: t.rates,
    totals: t.totals,
    amountInWords: amountInWords(t.totals.gross, d.currency ?? 'PLN'),
    paymentMethod: 'Przelew',
    cashOnDelivery: false,
    shippingName: '',
    issuer: 'Jan',
    unit: 'szt.',
    annotations: '',
    exemptionBasis:
      d.exemptionBasis ?? (t.rates.some((r) => r.vat === 'zw') ? 'art. 43 ust. 1 pkt 37 ustawy o VAT' : ''),
    vatNotes: [],
    order: { id: d.n, externalId: null, orderDate: issueDate },
  };
}

/**
 * Writes issued documents straight into the core's tables of organisation `orgId` (as the
 * issuing paths leave them), in batches; answers their ids.
 */
export async function insertDocuments(
  // The server's own handle (any Kysely over the core's schema).
  db: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  orgId: number,
  kind: 'invoices' | 'receipts',
  docs: readonly { snapshot: InvoiceSnapshot; orderId?: number | null }[],
  batch = 500,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < docs.length; i += batch) {
    const rows = docs.slice(i, i + batch).map((d) => ({
      org_id: orgId,
      order_id: d.orderId ?? null,
      year: d.snapshot.year,
      month: d.snapshot.month,
      n: d.snapshot.n,
      number: d.snapshot.number,
      issued_at: d.snapshot.issuedAt,
      issued_by: 'test',
      snapshot: JSON.stringify(d.snapshot),
    }));
    const out = await db.insertInto(kind).values(rows).returning('id').execute();
    ids.push(...out.map((r: { id: number }) => Number(r.id)));
  }
  return ids;
}

/** Where the official schemas live, and the URL prefixes their imports use. */
const ROOT = path.resolve(import.meta.dirname, '..', 'schema');
const CLI_SETS = {
  V7M: {
    main: path.join(ROOT, 'v7m3', 'Schemat_JPK_V7M3_v1-0E.xsd'),
    prefixes: [
      'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/09/13/eD/DefinicjeTypy/',
      'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2023/09/06/eD/KodyKrajow/',
      'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/KodyUrzedowSkarbowych/',
    ],
    dir: path.join(ROOT, 'v7m3'),
  },
  FA: {
    main: path.join(ROOT, 'fa4', 'Schemat_JPK_FA4_v1-0.xsd'),
    prefixes: ['http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2018/08/24/eD/DefinicjeTypy/'],
    dir: path.join(ROOT, 'fa4'),
  },
} as const;

export const hasXmllintCli = (() => {
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/**
 * `xmllint --nonet --schema` (libxml2's own program, not the WebAssembly build the server uses),
 * offline through an XML catalog that maps the imports' URLs to the local copies: '' when valid,
 * else its complaints; null when the CLI is not installed.
 */
export function xmllintCli(kind: 'V7M' | 'FA', xml: Buffer | string): string | null {
  if (!hasXmllintCli) return null;
  const set = CLI_SETS[kind];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jpk-xmllint-'));
  try {
    const catalog = path.join(dir, 'catalog.xml');
    fs.writeFileSync(
      catalog,
      '<?xml version="1.0"?>\n<catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog">\n' +
        set.prefixes.map((p) => `  <rewriteURI uriStartString="${p}" rewritePrefix="file://${set.dir}/"/>\n`).join('') +
        '</catalog>\n',
    );
    const file = path.join(dir, 'jpk.xml');
    fs.writeFileSync(file, xml);
    try {
      execFileSync('xmllint', ['--nonet', '--noout', '--schema', set.main, file], {
        env: { ...process.env, XML_CATALOG_FILES: catalog },
        stdio: ['ignore', 'pipe', 'pipe'],
        maxBuffer: 64 << 20,
      });
      return '';
    } catch (err) {
      return String((err as { stderr?: Buffer }).stderr ?? err).slice(0, 4000);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
