import { z } from 'zod';
import { definePlugin, NO_CONTENT, notFound, pluginColumns, route } from '@zaplecze/plugin-sdk';
import { manifest } from '../manifest';
import { NOTES, notesDb } from './notes';

const idQuery = z.object({ id: z.coerce.number().int().positive({ error: 'Niepoprawny identyfikator.' }) });
const noteBody = z.object({
  text: z.string({ error: 'Podaj treść notatki.' }).trim().min(1, { error: 'Podaj treść notatki.' }).max(500),
});
const noteSchema = z.object({ id: z.number(), text: z.string() });
const NOTE_NOT_FOUND = 'Nie znaleziono notatki';
const slowBody = noteBody.extend({ waitMs: z.number().int().min(0).max(120_000) });

/** Waits `ms`; rejects at once when `signal` is aborted (a job worker that stops). */
function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('przerwano'));
    });
  });
}

/**
 * The healthy fixture plugin (docs/plugins.md, worked example): one table of notes, routes to list,
 * read, add and delete them, a job that adds a note and a schedule that runs it every 5 minutes.
 * The shutdown tests (shutdown.api.test.ts) use `POST /slow-note` and the job's `waitMs`: a request
 * and a job that take their time.
 */
export default definePlugin({
  manifest,
  server: () => ({
    migrations: [
      {
        name: '0001_notes',
        async up(db, engine) {
          const c = pluginColumns(engine);
          await c
            .id(db.schema.createTable(NOTES))
            .addColumn('org_id', 'integer', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
            .addColumn('text', 'varchar(500)', c.notNull)
            .addColumn('created_at', c.timestamp, c.notNull)
            .execute();
          await db.schema.createIndex(`${NOTES}_org_idx`).on(NOTES).columns(['org_id', 'id']).execute();
        },
      },
    ],
    routes: [
      route({
        method: 'GET',
        url: '/notes',
        access: 'authenticated',
        summary: 'Notatki',
        response: z.object({ notes: z.array(noteSchema) }),
        handler: async (ctx) => ({
          notes: await notesDb(ctx.tdb).selectFrom(NOTES).select(['id', 'text']).orderBy('id').limit(1000).execute(),
        }),
      }),
      route({
        method: 'GET',
        url: '/note',
        access: 'authenticated',
        summary: 'Jedna notatka',
        response: noteSchema,
        query: idQuery,
        handler: async (ctx, { query }) => {
          const note = await notesDb(ctx.tdb)
            .selectFrom(NOTES)
            .select(['id', 'text'])
            .where('id', '=', query.id)
            .executeTakeFirst();
          if (!note) throw notFound(NOTE_NOT_FOUND);
          return note;
        },
      }),
      route({
        method: 'POST',
        url: '/notes',
        access: 'plugin.fixture-base.edit',
        summary: 'Nowa notatka',
        response: z.object({ id: z.number() }),
        body: noteBody,
        handler: async (ctx, { body }) => {
          const row = await notesDb(ctx.tdb)
            .insertInto(NOTES, { text: body.text, created_at: ctx.deps.now().toISOString() })
            .returning('id')
            .executeTakeFirstOrThrow();
          return { id: Number(row.id) };
        },
      }),
      // A slow request (the shutdown tests): adds the note, waits `waitMs`, then adds a second one
      // '<text> (koniec)' and answers its id. The first note shows the request is being handled.
      route({
        method: 'POST',
        url: '/slow-note',
        access: 'plugin.fixture-base.edit',
        body: slowBody,
        summary: 'Powolna notatka (testy zatrzymania serwera)',
        response: z.object({ id: z.number() }),
        handler: async (ctx, { body }) => {
          const add = async (text: string) =>
            (
              await notesDb(ctx.tdb)
                .insertInto(NOTES, { text, created_at: ctx.deps.now().toISOString() })
                .returning('id')
                .executeTakeFirstOrThrow()
            ).id;
          await add(body.text);
          await wait(body.waitMs);
          return { id: Number(await add(`${body.text} (koniec)`)) };
        },
      }),
      route({
        method: 'DELETE',
        url: '/note',
        access: 'plugin.fixture-base.edit',
        summary: 'Usunięcie notatki',
        response: NO_CONTENT,
        query: idQuery,
        handler: async (ctx, { query }) => {
          const r = await notesDb(ctx.tdb).deleteFrom(NOTES).where('id', '=', query.id).executeTakeFirst();
          if (Number(r.numDeletedRows) === 0) throw notFound(NOTE_NOT_FOUND);
        },
      }),
    ],
    jobs: [
      {
        name: 'add-note',
        // `waitMs`: waits first (on its signal, unless `ignoreSignal`: a handler that does not stop).
        handler: async ({ tdb, job, signal }) => {
          const payload = (job.payload ?? {}) as { text?: string; waitMs?: number; ignoreSignal?: boolean };
          if (payload.waitMs) await wait(payload.waitMs, payload.ignoreSignal ? undefined : signal);
          const text = payload.text ?? 'z zadania';
          await notesDb(tdb).insertInto(NOTES, { text, created_at: new Date().toISOString() }).execute();
        },
      },
    ],
    schedules: [{ name: 'every-5', everyMinutes: 5, job: { name: 'add-note', payload: { text: 'z harmonogramu' } } }],
    tables: [NOTES],
  }),
});
