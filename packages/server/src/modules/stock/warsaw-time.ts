/**
 * Calendar months and dates as a Polish shop sees them (Europe/Warsaw, with summer time): the
 * month filter of the warehouse changes, the dates of their CSV export and the day filters of the
 * order search (docs/decisions.md).
 */

const ZONE = 'Europe/Warsaw';
const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function fields(at: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const out = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const p of parts.formatToParts(at)) if (p.type in out) out[p.type as keyof typeof out] = p.value;
  return out;
}

/** Warsaw's offset from UTC at an instant, in milliseconds (+1 h in winter, +2 h in summer). */
function offsetAt(ms: number): number {
  const f = fields(new Date(ms));
  const wall = Date.UTC(+f.year, +f.month - 1, +f.day, +f.hour, +f.minute, +f.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant of local midnight on the first of a month. Summer time switches on the last
 * Sunday of March and October at 01:00 UTC, never near the first of a month, so the offset at
 * the wall-clock time read as UTC is the offset at the instant itself.
 */
function monthStart(year: number, month: number): number {
  const wall = Date.UTC(year, month - 1, 1);
  return wall - offsetAt(wall);
}

/** [from, to) of a Warsaw calendar month as ISO-8601 UTC texts (the stored timestamp format). */
export function warsawMonthRange(year: number, month: number): { from: string; to: string } {
  return {
    from: new Date(monthStart(year, month)).toISOString(),
    // Date.UTC rolls month 13 over into January of the next year.
    to: new Date(monthStart(year, month + 1)).toISOString(),
  };
}

/**
 * The instant of Warsaw midnight starting calendar day `day` ('YYYY-MM-DD') plus `addDays`, as
 * ISO-8601 UTC text. Like monthStart, midnight is never near a summer-time switch (01:00 UTC).
 */
export function warsawDayStart(day: string, addDays = 0): string {
  const [y, m, d] = day.split('-').map(Number);
  const wall = Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + addDays);
  return new Date(wall - offsetAt(wall)).toISOString();
}

/** `2026-11-23 14:05:00` in Warsaw time: what a Polish spreadsheet reads as a date and time. */
export function warsawDateTime(at: Date): string {
  const f = fields(at);
  return `${f.year}-${f.month}-${f.day} ${f.hour}:${f.minute}:${f.second}`;
}
