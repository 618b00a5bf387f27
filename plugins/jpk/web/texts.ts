import type { JpkFile, JpkKind } from '../schemas';

/** The plugin's calls, relative to /api. */
export const BASE = '/plugins/jpk';

export const MONTHS = [
  'styczeń',
  'luty',
  'marzec',
  'kwiecień',
  'maj',
  'czerwiec',
  'lipiec',
  'sierpień',
  'wrzesień',
  'październik',
  'listopad',
  'grudzień',
] as const;

export const KIND_LABELS: Record<JpkKind, string> = {
  V7M: 'JPK_V7M – ewidencja i deklaracja VAT',
  FA: 'JPK_FA – faktury sprzedaży',
};

export const STATE_LABELS: Record<JpkFile['state'], { text: string; bg: string }> = {
  pending: { text: 'Oczekuje', bg: 'secondary' },
  running: { text: 'Tworzenie', bg: 'info' },
  done: { text: 'Gotowy', bg: 'success' },
  failed: { text: 'Odrzucony', bg: 'danger' },
};

const dmy = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** 'JPK_V7M za listopad 2026 (korekta)', 'JPK_FA 01.06.2026 – 15.06.2026'. */
export function periodLabel(
  f: Pick<JpkFile, 'kind' | 'year' | 'month' | 'dateFrom' | 'dateTo' | 'correction'>,
): string {
  if (f.year !== null && f.month !== null) {
    const name = `${f.kind === 'V7M' ? 'JPK_V7M' : 'JPK_FA'} za ${MONTHS[f.month - 1]} ${f.year}`;
    return f.correction ? `${name} (korekta)` : name;
  }
  return `JPK_FA ${dmy(f.dateFrom)} – ${dmy(f.dateTo)}`;
}

/** What a running job is doing, in words. */
export function phaseLabel(f: Pick<JpkFile, 'state' | 'phase' | 'done' | 'total'>): string {
  if (f.state === 'pending') return 'Czeka na rozpoczęcie…';
  if (f.phase === 'validating') return 'Sprawdzanie ze schematem Ministerstwa Finansów…';
  if (f.phase === 'saving') return 'Zapisywanie pliku…';
  if (f.total > 0) return `Odczyt dokumentów: ${f.done.toLocaleString('pl-PL')} z ${f.total.toLocaleString('pl-PL')}`;
  return 'Odczyt dokumentów…';
}

/** Bytes as 'kB' / 'MB' with a Polish decimal comma. */
export function sizeLabel(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toLocaleString('pl-PL', { maximumFractionDigits: 1 })} kB`;
  return `${(bytes / 1024 / 1024).toLocaleString('pl-PL', { maximumFractionDigits: 1 })} MB`;
}
