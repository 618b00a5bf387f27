import { Readable } from 'node:stream';
import { parse as parseStream } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { badRequest } from './errors';

/**
 * THE CSV reader of uploaded files (docs/plugins.md, The SDK surface; first used by wholesale-csv):
 * refusing what is not text, finding the encoding (UTF-8 with or without a BOM, Windows-1250,
 * ISO-8859-2: Node's TextDecoder knows them) and the delimiter, and parsing with csv-parse into
 * records that remember the line they start on. Cells stay text exactly as written: one starting
 * with = + - @ is never evaluated or altered (the writer's side is csv.ts).
 */

export const CSV_ENCODINGS = ['utf-8', 'windows-1250', 'iso-8859-2'] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];
export type CsvDelimiter = 'semicolon' | 'comma' | 'tab';
export const CSV_DELIMITER_CHAR: Record<CsvDelimiter, string> = { semicolon: ';', comma: ',', tab: '\t' };
type Encoding = CsvEncoding;
type Delimiter = CsvDelimiter;
type EncodingChoice = Encoding | 'auto';
type DelimiterChoice = Delimiter | 'auto';
const DELIMITER_CHAR = CSV_DELIMITER_CHAR;

export const CSV_READ_MSG = {
  notUtf8: 'Plik nie jest zapisany w UTF-8. Wybierz kodowanie Windows-1250 albo ISO-8859-2 (lub automatyczne).',
  quoteNotClosed: (line: number) =>
    `Błąd w pliku CSV od wiersza ${line}: cudzysłów otwarty i niezamknięty do końca pliku.`,
} as const;

const SAMPLE = 64 * 1024;

/** A file that is not text: a NUL byte, a ZIP (XLSX) or PDF signature, or many control characters. */
export function isBinary(buf: Buffer): boolean {
  const head = buf.subarray(0, SAMPLE);
  if (head.includes(0)) return true;
  const sig = head.subarray(0, 4).toString('latin1');
  if (sig.startsWith('PK\u0003\u0004') || sig.startsWith('%PDF') || sig.startsWith('\u00d0\u00cf\u0011\u00e0'))
    return true;
  let control = 0;
  for (const b of head) if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1a)) control++;
  return control > head.length / 100;
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The bytes that differ between the two Polish 8-bit code pages for ą Ą ś Ś ź Ź. */
const CP1250_POLISH = new Set([0xb9, 0xa5, 0x9c, 0x8c, 0x9f, 0x8f]);
const ISO88592_POLISH = new Set([0xb1, 0xa1, 0xb6, 0xa6, 0xbc, 0xac]);

/**
 * The encoding of a file that is not UTF-8: Windows-1250 unless the letters ą ś ź (and capitals)
 * appear more often in their ISO-8859-2 bytes; bytes 0x80-0x9F are control codes in ISO-8859-2, so
 * any of them counts for Windows-1250.
 */
export function guessEightBit(buf: Buffer): 'windows-1250' | 'iso-8859-2' {
  let cp = 0;
  let iso = 0;
  for (const b of buf.subarray(0, 4 * SAMPLE)) {
    if (CP1250_POLISH.has(b) || (b >= 0x80 && b <= 0x9f)) cp++;
    else if (ISO88592_POLISH.has(b)) iso++;
  }
  return iso > cp ? 'iso-8859-2' : 'windows-1250';
}

const POLISH_LETTERS = /[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]/g;
const polishLetters = (text: string) => text.match(POLISH_LETTERS)?.length ?? 0;

/**
 * Whether bytes that are valid UTF-8 are rather a Windows-1250 file that happens to be valid UTF-8
 * (e.g. 'PÓŁKA' or 'Ćł': an upper-case Polish letter followed by one whose byte continues a UTF-8
 * sequence, read as Cyrillic or Latin Extended-B). A Polish file read right shows more Polish
 * letters than read wrong: UTF-8 Polish read as Windows-1250 keeps at most its ó and Ź (as ł, ą),
 * while Windows-1250 read as UTF-8 has none. Ties keep UTF-8 (docs/decisions.md, wholesale-csv).
 */
function eightBitAfterAll(body: Buffer): boolean {
  const sample = body.subarray(0, 4 * SAMPLE);
  if (!sample.some((b) => b >= 0x80)) return false;
  const asUtf8 = polishLetters(new TextDecoder('utf-8').decode(sample));
  return polishLetters(new TextDecoder('windows-1250').decode(sample)) > asUtf8;
}

/**
 * Decodes the file: UTF-8 (with or without a BOM) when valid and not a Windows-1250 file that only
 * looks valid (no BOM), else the 8-bit guess; or as chosen.
 */
export function decode(buf: Buffer, choice: EncodingChoice): { text: string; encoding: Encoding } {
  const bom = buf.subarray(0, 3).equals(UTF8_BOM);
  const body = bom ? buf.subarray(3) : buf;
  if (choice === 'auto' || choice === 'utf-8') {
    try {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(body);
      if (choice === 'utf-8' || bom || !eightBitAfterAll(body)) return { text, encoding: 'utf-8' };
    } catch {
      if (choice === 'utf-8') throw badRequest(CSV_READ_MSG.notUtf8, 'encoding');
    }
  }
  const encoding = choice === 'auto' ? guessEightBit(body) : choice;
  return { text: new TextDecoder(encoding).decode(body), encoding };
}

/** Lenient where suppliers' files are (a quote inside a cell, rows of other widths, mixed line ends). */
const PARSE_OPTIONS = {
  relax_quotes: true,
  relax_column_count: true,
  skip_empty_lines: false,
  record_delimiter: ['\r\n', '\n', '\r'],
  info: true as const,
};

/** A record as csv-parse answers it with `info` (its types do not say so). */
type Parsed = { record: string[]; info: { lines: number } };

/** The text up to the last line break outside quotes within the first `max` characters. */
function sampleOf(text: string, max: number): string {
  const cut = text.slice(0, max);
  if (cut.length === text.length) return text;
  let quotes = 0;
  let end = 0;
  for (let i = 0; i < cut.length; i++) {
    const ch = cut[i];
    if (ch === '"') quotes++;
    else if (ch === '\n' && quotes % 2 === 0) end = i + 1;
  }
  return cut.slice(0, end);
}

/**
 * The delimiter that splits the file's beginning into the same number (above one) of cells on the
 * most lines, quotes respected; ties go to the wider split, then to ';' (Polish spreadsheets).
 */
export function detectDelimiter(text: string): Delimiter {
  const sample = sampleOf(text, SAMPLE);
  let best: { d: Delimiter; score: number } = { d: 'semicolon', score: 0 };
  for (const d of ['semicolon', 'tab', 'comma'] as const) {
    let records: string[][];
    try {
      records = (parse(sample, { ...PARSE_OPTIONS, delimiter: DELIMITER_CHAR[d], to_line: 50 }) as unknown as Parsed[])
        .map((r) => r.record)
        .filter((r) => !isEmptyRecord(r));
    } catch {
      continue;
    }
    const widths = new Map<number, number>();
    for (const r of records) widths.set(r.length, (widths.get(r.length) ?? 0) + 1);
    let score = 0;
    for (const [width, count] of widths) if (width > 1) score = Math.max(score, count * 1000 + width);
    if (score > best.score) best = { d, score };
  }
  return best.d;
}

export function isEmptyRecord(r: readonly string[]): boolean {
  return r.every((c) => c.trim() === '');
}

/** A record of the file and the line it starts on (1 = the first line). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** A file csv-parse cannot read to its end (a quote never closed), with the line it fails from. */
export class CsvBroken extends Error {
  constructor(readonly line: number) {
    super(CSV_READ_MSG.quoteNotClosed(line));
  }
}

/**
 * Every non-empty record, with its starting line. Line ends are made '\n' first (CRLF and a lone CR
 * alike, inside quoted cells too), so lines count as an editor shows them. A quote never closed
 * throws CsvBroken with the line of the record it opens in.
 */
export function parseRecords(text: string, delimiter: Delimiter, toLine?: number): CsvRecord[] {
  const out: CsvRecord[] = [];
  eachRecord(text.replace(/\r\n?/g, '\n'), delimiter, toLine, (r) => out.push(r));
  return out;
}

/** `parseRecords` handing each record to `use` instead of keeping it (`text` has '\n' line ends). */
function eachRecord(text: string, delimiter: Delimiter, toLine: number | undefined, use: (r: CsvRecord) => void) {
  let next = 1;
  try {
    parse(text, {
      ...PARSE_OPTIONS,
      record_delimiter: '\n',
      delimiter: DELIMITER_CHAR[delimiter],
      ...(toLine ? { to_line: toLine } : {}),
      // With `info` each record comes with its info (csv-parse's types do not say so); none is kept.
      on_record: ((p: Parsed) => {
        if (!isEmptyRecord(p.record)) use({ line: next, cells: p.record });
        next = p.info.lines + 1;
        return null;
      }) as unknown as () => null,
    });
  } catch {
    throw new CsvBroken(next);
  }
}

/**
 * A file read as it goes (an import of many rows): `count` is its number of non-empty records
 * (one pass of csv-parse that keeps none of them; a quote never closed throws CsvBroken here,
 * before the caller does anything), `records()` hands them out in order through csv-parse's
 * streaming API, a few at a time, so the records never all exist at once.
 */
export function openCsvFile(
  buf: Buffer,
  choice: { encoding: EncodingChoice; delimiter: DelimiterChoice },
): { encoding: Encoding; delimiter: Delimiter; count: number; records: () => AsyncIterable<CsvRecord> } {
  const { text: raw, encoding } = decode(buf, choice.encoding);
  const delimiter = choice.delimiter === 'auto' ? detectDelimiter(raw) : choice.delimiter;
  const text = raw.replace(/\r\n?/g, '\n');
  let count = 0;
  eachRecord(text, delimiter, undefined, () => count++);
  return { encoding, delimiter, count, records: () => streamRecords(text, delimiter) };
}

async function* streamRecords(text: string, delimiter: Delimiter): AsyncGenerator<CsvRecord> {
  const parser = parseStream({ ...PARSE_OPTIONS, record_delimiter: '\n', delimiter: DELIMITER_CHAR[delimiter] });
  const pieces = function* () {
    for (let at = 0; at < text.length; at += SAMPLE) yield text.slice(at, at + SAMPLE);
  };
  Readable.from(pieces()).pipe(parser);
  let next = 1;
  try {
    for await (const p of parser as AsyncIterable<Parsed>) {
      if (!isEmptyRecord(p.record)) yield { line: next, cells: p.record };
      next = p.info.lines + 1;
    }
  } catch {
    throw new CsvBroken(next);
  }
}

/** Decodes and splits a file as the profile (or its overrides) says. */
export function readCsvFile(
  buf: Buffer,
  choice: { encoding: EncodingChoice; delimiter: DelimiterChoice },
  toLine?: number,
): { encoding: Encoding; delimiter: Delimiter; records: CsvRecord[] } {
  const { text, encoding } = decode(buf, choice.encoding);
  const delimiter = choice.delimiter === 'auto' ? detectDelimiter(text) : choice.delimiter;
  return { encoding, delimiter, records: parseRecords(text, delimiter, toLine) };
}
