import type { FastifyRequest } from 'fastify';
import { PHOTO_MAX_BYTES } from '@zaplecze/contract';
import { z } from 'zod';
import { AppError, badRequest } from '../../platform/errors';
import { route } from '../../platform/route';
import { findImage, photoTooBig, uploadImage } from './files.service';
import { FILES_MSG } from './messages.pl';
import { PHOTO_SIZES } from './storage';

/**
 * The first file part of a multipart body, read through busboy's size limit: memory never holds
 * more than PHOTO_MAX_BYTES, and a longer file is refused (busboy skips the rest of it).
 */
async function readPhotoPart(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest(FILES_MSG.noFile, 'file');
  try {
    const part = await req.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 }, throwFileSizeLimit: false });
    if (!part) throw badRequest(FILES_MSG.noFile, 'file');
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    if (part.file.truncated) throw photoTooBig();
    return Buffer.concat(chunks);
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Busboy's own failures (no boundary, a body cut short) are the client's, never a 500.
    throw badRequest(FILES_MSG.badUpload, 'file');
  }
}

const imageQuery = z.object({
  p: z.string(),
  name: z.string(),
  size: z.enum(PHOTO_SIZES).default('display'),
});

/** Names are random and never reused, so a browser may keep an image for good. */
const IMAGE_CACHE = 'private, max-age=31536000, immutable';

export const filesRoutes = [
  route({
    method: 'POST',
    url: '/upload_image',
    access: 'main.items.edit',
    handler: async (ctx, _input, req) => uploadImage(ctx, await readPhotoPart(req)),
  }),
  // <img> URLs: the browser sends the token cookie, not the header.
  route({
    method: 'GET',
    url: '/image',
    access: 'authenticated',
    tokenSource: 'header-or-cookie',
    query: imageQuery,
    handler: async (ctx, { query }, _req, reply) => {
      const image = await findImage(ctx, query);
      return reply
        .type(image.mime)
        .header('Content-Length', image.bytes)
        .header('Cache-Control', IMAGE_CACHE)
        .header('X-Content-Type-Options', 'nosniff')
        .send(image.stream);
    },
  }),
];
