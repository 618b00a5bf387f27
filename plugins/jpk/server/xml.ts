/**
 * Small pieces of the JPK files' XML (docs/decisions.md, "Plugin: jpk"): escaping, the schemas'
 * text types, amounts from integer grosze, and a writer that keeps the document as UTF-8 buffers
 * of about 1 MB (never one long string, never the documents it came from).
 */

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text content or an attribute value, escaped. */
export function esc(s: string): string {
  return /[&<>"]/.test(s) ? s.replace(/[&<>"]/g, (c) => ESC[c]!) : s;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f\ufffe\uffff]/g;

/**
 * A value of the schemas' `xsd:token` types of length `min`-`max`: control characters out (XML
 * 1.0 refuses most of them), white space collapsed as the validator collapses it, cut to `max`
 * characters (code points); `fallback` when nothing is left.
 */
export function token(s: string, max: number, fallback = 'brak'): string {
  const t = s.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  if (t === '') return fallback;
  const chars = [...t];
  return chars.length <= max ? t : chars.slice(0, max).join('').trimEnd();
}

/** `<name>value</name>` with the value escaped. */
export const el = (name: string, value: string | number) => `<${name}>${esc(String(value))}</${name}>`;

/** Integer hundredths (grosze) as the schemas' `TKwotowy`: '1234.50', '-0.05', '0.00'. */
export function amount(hundredths: number): string {
  const sign = hundredths < 0 ? '-' : '';
  const a = Math.abs(hundredths);
  return `${sign}${Math.trunc(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

/**
 * Grosze rounded to whole złoty as the declaration's `TKwotaC` fields require (Ordynacja
 * podatkowa art. 63 § 1: an end below 50 groszy is dropped, from 50 groszy up it makes a whole
 * złoty; a negative amount mirrors it).
 */
export function wholePln(hundredths: number): number {
  const a = Math.abs(hundredths);
  const r = Math.trunc(a / 100) + (a % 100 >= 50 ? 1 : 0);
  return hundredths < 0 ? -r : r;
}

/** The document as UTF-8 buffers of about `chunkBytes`: text is appended and flushed as it grows. */
export class XmlOut {
  private parts: string[] = [];
  private pending = 0;
  readonly chunks: Buffer[] = [];
  bytes = 0;

  constructor(private readonly chunkBytes = 1 << 20) {}

  push(text: string): void {
    this.parts.push(text);
    this.pending += text.length;
    if (this.pending >= this.chunkBytes) this.flush();
  }

  flush(): void {
    if (this.parts.length === 0) return;
    const buf = Buffer.from(this.parts.join(''), 'utf8');
    this.parts = [];
    this.pending = 0;
    this.chunks.push(buf);
    this.bytes += buf.length;
  }

  /** Everything written, as buffers (the writer is empty afterwards). */
  take(): Buffer[] {
    this.flush();
    const out = this.chunks.splice(0);
    this.bytes = 0;
    return out;
  }
}
