/**
 * THE reading and showing of a typed day (docs/decisions.md, Dates typed the Polish way). A
 * browser's own date input shows and takes the day in the browser's language (MM/DD/YYYY in an
 * English Chromium), so every date field is a text field (ui/DateInput.tsx) that shows and takes
 * DD.MM.RRRR, while forms and the API keep the ISO day (RRRR-MM-DD) as before.
 */

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day (no 31.02), as the ISO text 'RRRR-MM-DD'; undefined otherwise. */
function isoOf(year: number, month: number, day: number): string | undefined {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return undefined;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${year}-${two(month)}-${two(day)}`;
}

/** Whether the text is an ISO day of the calendar ('2026-03-05'). */
export function isIsoDay(text: string): boolean {
  const m = ISO_DAY.exec(text);
  return m !== null && isoOf(Number(m[1]), Number(m[2]), Number(m[3])) === text;
}

/**
 * A typed day as the ISO day, or undefined when it is not one. Taken: '05.03.2026', '5.3.2026',
 * '05-03-2026', '05/03/2026', '05032026' (digits only, a phone's number pad has no dot), and an ISO
 * day as pasted ('2026-03-05'). The day always comes first: never the American month-first order.
 */
export function parseDatePl(text: string): string | undefined {
  const s = text.trim();
  const iso = ISO_DAY.exec(s);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const pl = /^(\d{1,2})[.\-/ ](\d{1,2})[.\-/ ](\d{4})$/.exec(s) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(s);
  return pl ? isoOf(Number(pl[3]), Number(pl[2]), Number(pl[1])) : undefined;
}

/** An ISO day as a Polish field shows it ('2026-03-05' -> '05.03.2026'); any other text as it is. */
export function formatDatePl(iso: string): string {
  const m = ISO_DAY.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}

/**
 * What a date field hands its form for the typed text: the ISO day, '' for empty text, or the text
 * itself when it is not a day (so the form's check, which wants an ISO day, refuses it).
 */
export function dateFieldValue(text: string): string {
  if (text.trim() === '') return '';
  return parseDatePl(text) ?? text;
}

/** A typed time of day ('14:30', '9:05', '14:30:15', '14.30') as 'GG:MM:SS'; undefined otherwise. */
export function parseTimePl(text: string): string | undefined {
  const m = /^(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?$/.exec(text.trim());
  if (!m) return undefined;
  const [h, min, sec] = [Number(m[1]), Number(m[2]), Number(m[3] ?? '0')];
  if (h > 23 || min > 59 || sec > 59) return undefined;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(h)}:${two(min)}:${two(sec)}`;
}

/** What a time field hands its form: 'GG:MM:SS', '' for empty text, or the text itself when it is no time. */
export function timeFieldValue(text: string): string {
  if (text.trim() === '') return '';
  return parseTimePl(text) ?? text;
}

/** Whether the text is a time of day as a time field hands it ('14:30:15'). */
export function isTimeOfDay(text: string): boolean {
  return parseTimePl(text) === text;
}
