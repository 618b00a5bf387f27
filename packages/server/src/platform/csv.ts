import { parse } from 'csv-parse/sync';
import { stringify, type Options, type Stringifier } from 'csv-stringify';

/**
 * THE CSV writer of every export (docs/decisions.md, Bad input: CSV exports). A cell holding the
 * separator, a quote, CR or LF is quoted (so a line break inside an item name stays inside its
 * cell), and text cells are made inert for spreadsheets as OWASP recommends (CSV
 * injection): a leading apostrophe when the text starts with = + - @ (or their full-width forms)
 * after any white space or line breaks, or with a tab or CR; and one after every line break that
 * such a starter follows, so even a reader that splits a quoted cell at a bare CR sees no formula.
 * Number cells are written as numbers and keep their minus sign.
 */

const STARTER = '=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20';
const LEADING_FORMULA = new RegExp(`^(?:[\\t\\r]|\\s*[${STARTER}])`);
const FORMULA_AFTER_BREAK = new RegExp(`([\\r\\n])(\\s*)(?=[${STARTER}])`, 'g');

/** 'Kubek\r=1+1' -> "Kubek\r'=1+1"; ' =SUM(A1)' -> "' =SUM(A1)"; 'Kubek' stays. */
export function inertCsvText(text: string): string {
  const s = text.replace(FORMULA_AFTER_BREAK, "$1$2'");
  return LEADING_FORMULA.test(s) ? `'${s}` : s;
}

/** A streaming CSV writer with the project's safety options; `options` adds the layout. */
export function csvStringifier(
  options: Omit<Options, 'cast' | 'escape_formulas' | 'quote_record_delimiter' | 'quoted_match'>,
): Stringifier {
  return stringify({
    ...options,
    // With a CRLF record delimiter csv-stringify 6.9 quotes a cell holding the whole CRLF but not
    // a bare CR or LF, which spreadsheets read as a new row: both options make it quote them.
    quote_record_delimiter: true,
    quoted_match: /[\r\n]/,
    // Also csv-stringify's own escaping: it never fires after inertCsvText (no text starts with a
    // starter any more), but a future non-string cell type would still be covered.
    escape_formulas: true,
    cast: { string: (value) => inertCsvText(value) },
  });
}

/**
 * THE CSV reader of every import: the rows of `text` as arrays of cells (a UTF-8 BOM dropped,
 * quotes and line breaks inside quoted cells read as in the exports, blank lines skipped). The
 * separator is `;` (the exports') unless the first line holds none and has a comma. Throws on a
 * malformed file (an unclosed quote): the caller answers it as a Polish 400.
 */
export function parseCsvRows(text: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = !firstLine.includes(';') && firstLine.includes(',') ? ',' : ';';
  return parse(text, { bom: true, delimiter, skip_empty_lines: true, relax_column_count: true, trim: true });
}

/** A text cell as written by csvStringifier, read back: the apostrophe inertCsvText added goes. */
export function readCsvText(cell: string): string {
  return /^'\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\t\r]/.test(cell) ? cell.slice(1) : cell;
}
