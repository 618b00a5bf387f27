import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendJsonInPieces } from './json-chunks';

/** The pieces must add up to exactly JSON.stringify's bytes, whatever the row count. */
describe('sendJsonInPieces', () => {
  const app = Fastify();
  const answers: Record<string, Record<string, unknown>> = {
    empty: { rows: [], count: 0, perPage: 100 },
    one: { rows: [{ id: 1, name: 'Zażółć gęślą jaźń "cudzysłów" \\ \n' }], count: 1 },
    many: {
      rows: Array.from({ length: 1234 }, (_, i) => ({ id: i, name: `Łódź ${i}`, price: i / 100, tags: [i, null] })),
      count: 1_000_000,
      perPage: 10_000,
    },
    onlyRows: { rows: [1, 2, 3] },
  };
  app.get('/:name', (req, reply) => sendJsonInPieces(reply, answers[(req.params as { name: string }).name]!, 'rows'));

  for (const [name, answer] of Object.entries(answers))
    it(`${name}: the same bytes as one JSON.stringify, typed as JSON`, async () => {
      const res = await app.inject({ method: 'GET', url: `/${name}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe(JSON.stringify(answer));
    });
});
