import type { FastifyRequest } from 'fastify';
import { PHOTO_MAX_BYTES, PHOTO_TYPES, uploadImageAnswerSchema } from '@zaplecze/contract';
import { z } from 'zod';
import { badRequest } from '../../platform/errors';
import { readUpload } from '../../platform/upload';
import { fileAnswer, route } from '../../platform/route';
import { findImage, photoTooBig, uploadImage } from './files.service';
import { FILES_MSG } from './messages.pl';
import { PHOTO_SIZES } from './storage';

/**
 * The first file part of a multipart body, read through busboy's size limit (platform/upload.ts):
 * memory never holds more than PHOTO_MAX_BYTES, and a longer file is refused.
 */
async function readPhotoPart(req: FastifyRequest): Promise<Buffer> {
  const upload = await readUpload(req, {
    maxBytes: PHOTO_MAX_BYTES,
    notMultipart: () => badRequest(FILES_MSG.noFile, 'file'),
    broken: () => badRequest(FILES_MSG.badUpload, 'file'),
  });
  if (upload.tooBig) throw photoTooBig();
  if (!upload.file) throw badRequest(FILES_MSG.noFile, 'file');
  return upload.file;
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
    summary: 'Wgranie zdjęcia (PNG albo JPEG, do 10 MB)',
    response: uploadImageAnswerSchema,
    docs: {
      multipart: z.object({ file: z.file().mime([...PHOTO_TYPES]) }),
      description:
        'Nazwa z odpowiedzi trafia do zdjęć towaru (`photos: [{ type: "file", name }]`); niewykorzystane zdjęcie jest usuwane po godzinie.',
    },
    handler: async (ctx, _input, req) => uploadImage(ctx, await readPhotoPart(req)),
  }),
  // <img> URLs: the browser sends the token cookie, not the header.
  route({
    method: 'GET',
    url: '/image',
    access: 'authenticated',
    summary: 'Zdjęcie (wersja do wyświetlania albo miniatura)',
    response: fileAnswer([...PHOTO_TYPES], 'Plik zdjęcia.'),
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
