import type { Value } from './demo-items';

/**
 * PostgreSQL's `COPY ... FROM STDIN` text format for the demo seed's rows: made on the seed's main
 * thread for items and roll-ups and in the generator worker for orders (demo-generator.worker.ts).
 */

/** COPY's text format: these characters are escaped with a backslash, null is \N. */
const COPY_SPECIAL = /[\\\t\n\r]/g;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function copyValue(value: Value | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return String(value);
  COPY_SPECIAL.lastIndex = 0;
  return COPY_SPECIAL.test(value) ? value.replace(COPY_SPECIAL, (c) => COPY_ESCAPES[c] ?? c) : value;
}

/** The chunks' rows in COPY's text format, one piece of text per chunk. */
export function* copyText(chunks: Value[][], width: number): Generator<string> {
  for (const chunk of chunks) {
    let text = '';
    for (let i = 0; i < chunk.length; i++) text += copyValue(chunk[i]) + ((i + 1) % width === 0 ? '\n' : '\t');
    yield text;
  }
}
