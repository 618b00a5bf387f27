import { parse } from 'csv-parse/sync';

/**
 * Reads a CSV export back for tests with csv-parse (a maintained RFC 4180 parser: quoted fields,
 * doubled quotes, separators and line ends inside quotes, a leading BOM), strict about quotes and
 * column counts, so an export that a spreadsheet would split differently fails the test.
 */
export function parseCsv(text: string, separator = ';'): string[][] {
  return parse(text, { delimiter: separator, bom: true }) as string[][];
}
