import type { FastifyRequest } from 'fastify';

/** One multipart upload as a route reads it: the first file part and the text fields. */
export interface Upload {
  /** The first file part's bytes, or undefined when the body had none. */
  file: Buffer | undefined;
  /** The file name the client gave (only for messages; never a path on disk). */
  fileName: string;
  /** True when the file was longer than `maxBytes` (then `file` is undefined and the rest of the body unread). */
  tooBig: boolean;
  /** The text fields, by name (the last of a repeated name wins). */
  fields: Record<string, string>;
}

/**
 * Reads a multipart body through busboy's limits: memory never holds more than `maxBytes` of the
 * file (a longer file is marked `tooBig` and dropped), at most one file part and
 * `maxFields` text fields. Throws `notMultipart` for a body that is not multipart and `broken` for
 * one busboy cannot read (no boundary, a body cut short): the client's fault, never a 500.
 */
export async function readUpload(
  req: FastifyRequest,
  opts: { maxBytes: number; maxFields?: number; notMultipart: () => Error; broken: () => Error },
): Promise<Upload> {
  if (!req.isMultipart()) throw opts.notMultipart();
  const out: Upload = { file: undefined, fileName: '', tooBig: false, fields: {} };
  try {
    const parts = req.parts({
      limits: { fileSize: opts.maxBytes, files: 1, fields: opts.maxFields ?? 10, fieldSize: 10 * 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        out.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (out.file !== undefined) continue;
      out.file = Buffer.concat(chunks);
      out.fileName = part.filename;
      out.tooBig = part.file.truncated;
    }
  } catch (err) {
    // A file past maxBytes: busboy stopped reading it (and memory holds at most maxBytes).
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return { ...out, file: undefined, tooBig: true };
    throw opts.broken();
  }
  return out;
}
