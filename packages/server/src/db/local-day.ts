import { sql, type RawBuilder } from 'kysely';

/**
 * The calendar day of an instant in the organisations' time zone, as the integer YYYYMMDD: the key
 * of the order roll-ups and of the summaries' periods (docs/decisions.md, Orders, Summaries). Every
 * organisation works in Europe/Warsaw (there is no per-organisation setting yet); SQL computes the
 * same day with `localDaySql` (PostgreSQL's time-zone data, or this function registered in SQLite).
 */
export const ORG_TIME_ZONE = 'Europe/Warsaw';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: ORG_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The local day of `at` as YYYYMMDD (20261123). */
export function localDay(at: Date): number {
  const f: Record<string, string> = {};
  for (const p of dayFormat.formatToParts(at)) f[p.type] = p.value;
  return Number(`${f.year}${f.month}${f.day}`);
}

/**
 * Europe/Warsaw has been a whole number of hours from UTC since 1922, so the local day of a
 * canonical ISO timestamp depends only on its UTC date and hour: a cache of those 13 characters
 * makes the SQLite function cheap enough for a rebuild over a million orders.
 */
const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const byHour = new Map<string, number>();

/** The local day of stored timestamp text (SQLite keeps ISO text), or null for null or junk. */
export function localDayOfText(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  if (CANONICAL.test(value) && value >= '1923') {
    const hour = value.slice(0, 13);
    let day = byHour.get(hour);
    if (day === undefined) {
      day = localDay(new Date(`${hour}:00:00Z`));
      if (byHour.size > 200_000) byHour.clear();
      byHour.set(hour, day);
    }
    return day;
  }
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : localDay(at);
}

/** SQL for the local day (YYYYMMDD integer) of a timestamp column, on either engine. */
export function localDaySql(isPostgres: boolean, column: RawBuilder<unknown>): RawBuilder<number> {
  return isPostgres
    ? sql<number>`cast(to_char(${column} at time zone ${sql.lit(ORG_TIME_ZONE)}, 'YYYYMMDD') as integer)`
    : sql<number>`local_day(${column})`;
}

/** YYYYMMDD plus `n` days (negative goes back). */
export function addDays(day: number, n: number): number {
  const d = new Date(Date.UTC(Math.floor(day / 10000), (Math.floor(day / 100) % 100) - 1, (day % 100) + n));
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
}

/** YYYYMMDD as 'YYYY-MM-DD'. */
export function dayText(day: number): string {
  const s = String(day).padStart(8, '0');
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
}
