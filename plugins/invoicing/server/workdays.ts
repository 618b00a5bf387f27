/**
 * Polish working days (docs/decisions.md, "Accounting: KSeF"): an offline invoice must reach KSeF
 * by the next working day, so the deadline skips Saturdays, Sundays and the public holidays of
 * the Act of 18 January 1951 (Christmas Eve a holiday since 2025).
 */

/** Easter Sunday of `year` (Gregorian; the anonymous algorithm), as [month 1-12, day]. */
function easter(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

function holidays(year: number): Set<string> {
  const fixed = ['01-01', '01-06', '05-01', '05-03', '08-15', '11-01', '11-11', '12-25', '12-26'];
  if (year >= 2025) fixed.push('12-24');
  const out = new Set(fixed.map((md) => `${year}-${md}`));
  const [m, d] = easter(year);
  const sunday = Date.UTC(year, m - 1, d);
  for (const plus of [0, 1, 49, 60]) out.add(iso(new Date(sunday + plus * 86_400_000)));
  return out;
}

/** Whether the day (YYYY-MM-DD) is a working day in Poland. */
export function isWorkingDay(day: string): boolean {
  const d = new Date(`${day}T00:00:00Z`);
  const dow = d.getUTCDay();
  return dow !== 0 && dow !== 6 && !holidays(d.getUTCFullYear()).has(day);
}

/** The first working day after `day` (YYYY-MM-DD). */
export function nextWorkingDay(day: string): string {
  let t = Date.parse(`${day}T00:00:00Z`);
  for (;;) {
    t += 86_400_000;
    const next = iso(new Date(t));
    if (isWorkingDay(next)) return next;
  }
}
