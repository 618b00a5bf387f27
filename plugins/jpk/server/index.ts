import {
  AppError,
  badRequest,
  conflict,
  definePlugin,
  enqueuePluginJob,
  fileAnswer,
  ksefMarksOf,
  NO_CONTENT,
  notFound,
  pluginFiles,
  pluginJobStatus,
  readPluginSettings,
  route,
  type PluginJobContext,
  type TenantDb,
} from '@zaplecze/plugin-sdk';
import { manifest } from '../manifest';
import {
  fileRequestSchema,
  filesAnswerSchema,
  filesQuerySchema,
  fileStartedSchema,
  firstDayOf,
  idQuerySchema,
  JPK_FILES_PERMISSION,
  JPK_ID,
  JPK_MSG,
  jpkSettingsSchema,
  lastDayOf,
  missingSettings,
  SETTINGS_LABELS,
  type FileSummary,
  type JpkFile,
  type JpkKind,
  type JpkSettings,
} from '../schemas';
import { buildJpk, downloadName, JpkRefusal, settingsProblem } from './build';
import { FILES, jpkDb, migrations, type JpkTables } from './tables';

type FileRow = Omit<JpkTables['p_jpk_files'], 'id'> & { id: number };
type FileChanges = Partial<Omit<JpkTables['p_jpk_files'], 'id' | 'org_id'>>;

/** What the job and the download name read of a row. */
const requestOf = (r: FileRow) => ({
  kind: r.kind as JpkKind,
  year: r.year,
  month: r.month,
  dateFrom: r.date_from,
  dateTo: r.date_to,
  correction: r.correction === 1,
});

async function loadSettings(tdb: TenantDb, config: Parameters<typeof readPluginSettings>[1]): Promise<JpkSettings> {
  const s = await readPluginSettings(tdb, config, JPK_ID, manifest.settings!);
  return jpkSettingsSchema.parse(s.values);
}

/** Today in Europe/Warsaw, RRRR-MM-DD (the invoices' dates are Warsaw days). */
function warsawToday(now: Date): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(now);
}

interface BuildPayload {
  fileId: number;
}

/** `jpk.build`: the file's documents read, written, validated and stored (docs/plugins.md, "Plugin: jpk"). */
async function buildJob({ job, tdb, deps, progress, signal }: PluginJobContext): Promise<void> {
  const { fileId } = job.payload as BuildPayload;
  const db = jpkDb(tdb);
  const row = await db.selectFrom(FILES).selectAll().where('id', '=', fileId).executeTakeFirst();
  if (!row || row.file_name !== null || row.error !== null) return;
  const setPhase = (phase: string | null) =>
    db
      .updateTable(FILES)
      .set({ phase })
      .where('id', '=', fileId)
      .execute()
      .then(() => undefined);
  const finish = (values: FileChanges) =>
    db
      .updateTable(FILES)
      .set({ ...values, phase: null, finished_at: deps.now().toISOString() })
      .where('id', '=', fileId)
      .executeTakeFirst();
  const req = requestOf(row as FileRow);
  let built;
  let total = 0;
  try {
    built = await buildJpk(tdb, req, await loadSettings(tdb, deps.config), {
      now: deps.now(),
      ksefMarks: (ids) => ksefMarksOf(deps, tdb, ids),
      progress: (done, of) => {
        total = of;
        return progress(done, of);
      },
      phase: setPhase,
      signal,
    });
  } catch (err) {
    if (!(err instanceof JpkRefusal)) {
      await setPhase(null).catch(() => undefined);
      throw err;
    }
    await finish({ error: err.message, documents: total });
    return;
  }
  await setPhase('saving');
  const name = await pluginFiles.save(deps.config, JPK_ID, tdb.orgId, built.xml, 'xml');
  const r = await finish({
    documents: built.documents,
    file_name: name,
    bytes: built.xml.length,
    sha256: built.sha256,
    summary: JSON.stringify(built.summary),
  });
  // The row went meanwhile (deleted): the file goes too.
  if (Number(r.numUpdatedRows) === 0) await pluginFiles.remove(deps.config, JPK_ID, tdb.orgId, name);
}

function toFile(r: FileRow, job: Awaited<ReturnType<typeof pluginJobStatus>>): JpkFile {
  let state: JpkFile['state'];
  let error = r.error;
  if (r.file_name !== null) state = 'done';
  else if (r.error !== null) state = 'failed';
  else if (!job || job.state === 'dead') {
    state = 'failed';
    error = JPK_MSG.jobDead;
  } else state = job.state === 'running' ? 'running' : job.state === 'done' ? 'running' : 'pending';
  const ended = state === 'done' || r.documents !== null;
  const total = ended ? (r.documents ?? 0) : (job?.total ?? 0);
  return {
    id: Number(r.id),
    jobId: r.job_id,
    kind: r.kind as JpkKind,
    year: r.year,
    month: r.month,
    dateFrom: r.date_from,
    dateTo: r.date_to,
    correction: r.correction === 1,
    state,
    phase: state === 'running' || state === 'pending' ? ((r.phase as JpkFile['phase']) ?? null) : null,
    done: ended ? total : (job?.done ?? 0),
    total,
    error,
    fileName: state === 'done' ? downloadName(requestOf(r)) : null,
    bytes: r.bytes === null ? null : Number(r.bytes),
    sha256: r.sha256,
    summary: r.summary === null ? null : (JSON.parse(r.summary) as FileSummary),
    createdAt: r.created_at,
    createdBy: r.created_by,
    finishedAt: r.finished_at,
  };
}

async function findFile(tdb: TenantDb, id: number): Promise<FileRow> {
  const row = await jpkDb(tdb).selectFrom(FILES).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(JPK_MSG.fileNotFound);
  return row as FileRow;
}

/** The newest files listed (older ones stay downloadable by id). */
const LIST_LIMIT = 200;

/**
 * Pliki JPK (docs/plugins.md, "Plugin: jpk"): JPK_V7M(3) of a month and JPK_FA(4) of a period,
 * made by the job `jpk.build` with progress, validated against the official schemas and kept in
 * the app's file storage for download.
 */
export default definePlugin({
  manifest,
  server: () => ({
    migrations,
    routes: [
      route({
        method: 'POST',
        url: '/files',
        access: JPK_FILES_PERMISSION,
        summary: 'Nowy plik JPK (JPK_V7M za miesiąc albo JPK_FA za okres; zadanie w tle)',
        response: fileStartedSchema,
        body: fileRequestSchema,
        handler: async (ctx, { body }) => {
          const settings = await loadSettings(ctx.tdb, ctx.deps.config);
          const problem = settingsProblem(settings, body.kind);
          if (problem) throw badRequest(problem, 'settings');
          const dateFrom = body.dateFrom ?? firstDayOf(body.year!, body.month!);
          const dateTo = body.dateTo ?? lastDayOf(body.year!, body.month!);
          if (dateFrom > warsawToday(ctx.deps.now()))
            throw badRequest(JPK_MSG.future, body.dateFrom ? 'dateFrom' : 'month');
          const now = ctx.deps.now().toISOString();
          const jobId = await ctx.tdb.transaction(async (tdb) => {
            const file = await jpkDb(tdb)
              .insertInto(FILES, {
                job_id: null,
                kind: body.kind,
                correction: body.correction ? 1 : 0,
                year: body.year ?? null,
                month: body.month ?? null,
                date_from: dateFrom,
                date_to: dateTo,
                phase: null,
                documents: null,
                file_name: null,
                bytes: null,
                sha256: null,
                summary: null,
                error: null,
                created_at: now,
                created_by: ctx.user.login,
                finished_at: null,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            const id = await enqueuePluginJob(tdb, JPK_ID, 'build', { payload: { fileId: Number(file.id) } });
            // Null only answers a dedupe key, and a file has none.
            if (id === null) throw new Error('jpk: the build job was not enqueued');
            await jpkDb(tdb).updateTable(FILES).set({ job_id: id }).where('id', '=', file.id).execute();
            return id;
          });
          return { jobId };
        },
      }),
      route({
        method: 'GET',
        url: '/files',
        access: JPK_FILES_PERMISSION,
        summary: 'Pliki JPK organizacji: stan, postęp i podsumowanie (najnowsze pierwsze)',
        response: filesAnswerSchema,
        query: filesQuerySchema,
        handler: async (ctx, { query }) => {
          let q = jpkDb(ctx.tdb).selectFrom(FILES).selectAll().orderBy('id', 'desc').limit(LIST_LIMIT);
          if (query.jobId !== undefined) q = q.where('job_id', '=', query.jobId);
          const rows = (await q.execute()) as FileRow[];
          const files: JpkFile[] = [];
          for (const r of rows) {
            const open = r.file_name === null && r.error === null && r.job_id !== null;
            files.push(toFile(r, open ? await pluginJobStatus(ctx.tdb, JPK_ID, r.job_id!) : undefined));
          }
          const settings = await loadSettings(ctx.tdb, ctx.deps.config);
          const labels = (kind: JpkKind) => missingSettings(settings, kind).map((k) => SETTINGS_LABELS[k]);
          return { files, settingsMissing: { V7M: labels('V7M'), FA: labels('FA') } };
        },
      }),
      route({
        method: 'GET',
        url: '/files/download',
        access: JPK_FILES_PERMISSION,
        summary: 'Pobranie pliku JPK (XML)',
        response: fileAnswer(
          'application/xml',
          'Plik JPK (XML, UTF-8), sprawdzony ze schematem Ministerstwa Finansów.',
        ),
        query: idQuerySchema,
        handler: async (ctx, { query }, _req, reply) => {
          const row = await findFile(ctx.tdb, query.id);
          if (row.file_name === null) throw new AppError(409, row.error ?? JPK_MSG.notReady);
          let xml: Buffer;
          try {
            xml = await pluginFiles.read(ctx.deps.config, JPK_ID, ctx.tdb.orgId, row.file_name);
          } catch (err) {
            if ((err as { code?: string }).code === 'ENOENT') throw new AppError(410, JPK_MSG.fileMissing);
            throw err;
          }
          const name = downloadName(requestOf(row));
          return reply
            .type('application/xml; charset=utf-8')
            .header('Content-Disposition', `attachment; filename="${name}"`)
            .send(xml);
        },
      }),
      route({
        method: 'DELETE',
        url: '/files',
        access: JPK_FILES_PERMISSION,
        summary: 'Usunięcie pliku JPK (gotowego albo odrzuconego)',
        response: NO_CONTENT,
        query: idQuerySchema,
        handler: async (ctx, { query }) => {
          const row = await findFile(ctx.tdb, query.id);
          const job = row.file_name === null && row.error === null && row.job_id !== null;
          const status = job ? await pluginJobStatus(ctx.tdb, JPK_ID, row.job_id!) : undefined;
          if (status && status.state !== 'dead')
            throw conflict('Plik jest jeszcze tworzony: usuń go, gdy będzie gotowy.');
          await jpkDb(ctx.tdb).deleteFrom(FILES).where('id', '=', row.id).execute();
          if (row.file_name) await pluginFiles.remove(ctx.deps.config, JPK_ID, ctx.tdb.orgId, row.file_name);
        },
      }),
    ],
    jobs: [{ name: 'build', handler: buildJob, timeoutSeconds: 1800, backoff: { firstSeconds: 30, maxSeconds: 600 } }],
    tables: [FILES],
  }),
});
