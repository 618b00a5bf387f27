import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Rows serialised per piece of a chunked answer. */
const ROWS_PER_PIECE = 500;

/**
 * Sends `answer` as JSON whose array under `key` is serialised ROWS_PER_PIECE rows at a time and
 * streamed (chunked transfer), instead of as one string: a 10,000-row list page is 7-10 MB of JSON,
 * and as one string (two bytes a character once a Polish letter is in it) each answer allocated
 * tens of MB at once, so every few answers waited for a full garbage collection (docs/performance.md,
 * Idle re-measure). The bytes are exactly JSON.stringify(answer)'s.
 */
export function sendJsonInPieces(reply: FastifyReply, answer: Record<string, unknown>, key: string): FastifyReply {
  const value = answer[key];
  if (!Array.isArray(value)) throw new Error(`sendJsonInPieces: ${key} is not an array`);
  const rows: unknown[] = value;
  const rest = Object.fromEntries(Object.entries(answer).filter(([k]) => k !== key));
  function* pieces(): Generator<string> {
    yield `{${JSON.stringify(key)}:[`;
    for (let i = 0; i < rows.length; i += ROWS_PER_PIECE) {
      const part = JSON.stringify(rows.slice(i, i + ROWS_PER_PIECE));
      yield (i > 0 ? ',' : '') + part.slice(1, -1);
    }
    const tail = JSON.stringify(rest);
    yield tail === '{}' ? ']}' : `],${tail.slice(1)}`;
  }
  return reply.type('application/json; charset=utf-8').send(Readable.from(pieces(), { objectMode: false }));
}
