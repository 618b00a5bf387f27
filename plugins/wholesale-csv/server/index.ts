import { catalogReferencesSchema, fromHundredths, vatFromStored } from '@zaplecze/contract';
import { z } from 'zod';
import {
  AppError,
  badRequest,
  catalogReferences,
  CsvBroken,
  decodeCsvText,
  detectCsvDelimiter,
  definePlugin,
  enqueuePluginJob,
  fileAnswer,
  looksBinary,
  notFound,
  NO_CONTENT,
  pluginFiles,
  pluginJobStatus,
  openCsvFile,
  readCsvFile,
  readUpload,
  route,
  type AuthContext,
  type PluginJobContext,
  type TenantDb,
} from '@zaplecze/plugin-sdk';
import { manifest } from '../manifest';
import {
  CSV_MSG,
  FILE_MAX_BYTES,
  idQuerySchema,
  importStartedSchema,
  importStatusSchema,
  jobQuerySchema,
  PREVIEW_ROWS,
  previewAnswerSchema,
  profileInputSchema,
  profileSchema,
  profilesAnswerSchema,
  uploadFieldsSchema,
  type ImportReport,
  type ImportStatus,
  type PreviewAnswer,
  type Profile,
  type ProfileSettings,
} from '../schemas';
import { brokenFileReport, columnIndexes, reportText, runImport } from './importer';
import { csvDb, IMPORTS, migrations, PROFILES } from './tables';

const ID = 'wholesale-csv';

/** The multipart body of preview and import, as the API reference shows it: the file and its fields. */
const uploadDocSchema = uploadFieldsSchema.extend({ file: z.file() });
const ACCESS = 'plugin.wholesale-csv.import';

function toProfile(row: { id: number; settings: string }): Profile {
  const s = JSON.parse(row.settings) as ProfileSettings;
  return {
    id: Number(row.id),
    ...s,
    marginPercent: fromHundredths(s.marginPercent),
    defaults: { ...s.defaults, vat: vatFromStored(s.defaults.vat) },
  };
}

async function loadProfile(tdb: TenantDb, id: number): Promise<ProfileSettings> {
  const row = await csvDb(tdb).selectFrom(PROFILES).select('settings').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(CSV_MSG.profileNotFound);
  return JSON.parse(row.settings) as ProfileSettings;
}

/** The profile's defaults name rows of the organisation (a status or a category of another is refused). */
async function checkDefaults(tdb: TenantDb, p: ProfileSettings): Promise<void> {
  const refs = await catalogReferences(tdb);
  if (p.defaults.itemStatusId !== null && !refs.itemStatuses.some((s) => s.id === p.defaults.itemStatusId))
    throw badRequest(CSV_MSG.statusMissing, 'defaults.itemStatusId');
  if (p.defaults.categoryId !== null && !refs.categories.some((c) => c.id === p.defaults.categoryId))
    throw badRequest(CSV_MSG.categoryMissing, 'defaults.categoryId');
}

/** The uploaded file and fields of preview and import, refused early when it is no CSV text. */
async function readCsvUpload(ctx: AuthContext, req: Parameters<typeof readUpload>[0]) {
  const upload = await readUpload(req, {
    maxBytes: FILE_MAX_BYTES,
    notMultipart: () => badRequest(CSV_MSG.noFile, 'file'),
    broken: () => badRequest(CSV_MSG.badUpload, 'file'),
  });
  if (upload.tooBig) throw new AppError(413, CSV_MSG.tooBig, 'file');
  const fields = uploadFieldsSchema.safeParse(upload.fields);
  if (!fields.success) throw badRequest(fields.error.issues[0]?.message ?? CSV_MSG.profileIdRequired, 'profileId');
  if (!upload.file) throw badRequest(CSV_MSG.noFile, 'file');
  if (upload.file.length === 0) throw badRequest(CSV_MSG.emptyFile, 'file');
  if (looksBinary(upload.file)) throw badRequest(CSV_MSG.binaryFile, 'file');
  const profile = await loadProfile(ctx.tdb, fields.data.profileId);
  const choice = {
    encoding: fields.data.encoding ?? profile.encoding,
    delimiter: fields.data.delimiter ?? profile.delimiter,
  };
  return { file: upload.file, profileId: fields.data.profileId, profile, choice };
}

interface ImportPayload {
  importId: number;
}

async function importJob({ job, tdb, deps, progress, signal }: PluginJobContext): Promise<void> {
  const { importId } = job.payload as ImportPayload;
  const db = csvDb(tdb);
  const imp = await db.selectFrom(IMPORTS).selectAll().where('id', '=', importId).executeTakeFirst();
  if (!imp || imp.report !== null) return;
  const profile = await loadProfile(tdb, imp.profile_id).catch(() => undefined);
  let report: ImportReport;
  if (!profile)
    report = { created: 0, updated: 0, unchanged: 0, errors: [{ row: 0, reason: CSV_MSG.profileNotFound }] };
  else {
    const buf = await pluginFiles.read(deps.config, ID, tdb.orgId, imp.file_name);
    try {
      const file = openCsvFile(buf, {
        encoding: imp.encoding as ProfileSettings['encoding'],
        delimiter: imp.delimiter as ProfileSettings['delimiter'],
      });
      report = await runImport({
        scope: { tdb, deps },
        profile,
        records: file.records(),
        count: file.count,
        progress,
        signal,
      });
    } catch (err) {
      if (err instanceof CsvBroken) report = brokenFileReport(err);
      else if (err instanceof AppError && err.statusCode < 500)
        report = { created: 0, updated: 0, unchanged: 0, errors: [{ row: 0, reason: err.message }] };
      else throw err;
    }
  }
  await db
    .updateTable(IMPORTS)
    .set({ report: JSON.stringify(report) })
    .where('id', '=', importId)
    .execute();
  await pluginFiles.remove(deps.config, ID, tdb.orgId, imp.file_name);
}

async function findImport(tdb: TenantDb, jobId: number) {
  const imp = await csvDb(tdb).selectFrom(IMPORTS).select(['report']).where('job_id', '=', jobId).executeTakeFirst();
  const job = imp && (await pluginJobStatus(tdb, ID, jobId));
  if (!imp || !job) throw notFound(CSV_MSG.importNotFound);
  return { imp, job };
}

/**
 * Import z hurtowni (CSV) (docs/plugins.md, wholesale-csv): supplier profiles, a preview of a file's
 * first rows, and imports run as durable jobs with progress and a report.
 */
export default definePlugin({
  manifest,
  server: () => ({
    migrations,
    routes: [
      route({
        method: 'GET',
        url: '/profiles',
        access: ACCESS,
        summary: 'Profile dostawców',
        response: profilesAnswerSchema,
        handler: async (ctx) => ({
          profiles: (
            await csvDb(ctx.tdb).selectFrom(PROFILES).select(['id', 'settings']).orderBy('name').orderBy('id').execute()
          ).map(toProfile),
        }),
      }),
      route({
        method: 'GET',
        url: '/profile',
        access: ACCESS,
        summary: 'Jeden profil dostawcy',
        response: profileSchema,
        query: idQuerySchema,
        handler: async (ctx, { query }) => {
          const row = await csvDb(ctx.tdb)
            .selectFrom(PROFILES)
            .select(['id', 'settings'])
            .where('id', '=', query.id)
            .executeTakeFirst();
          if (!row) throw notFound(CSV_MSG.profileNotFound);
          return toProfile(row);
        },
      }),
      route({
        method: 'POST',
        url: '/profiles',
        access: ACCESS,
        summary: 'Nowy profil dostawcy',
        response: profileSchema,
        body: profileInputSchema,
        handler: async (ctx, { body }) => {
          await checkDefaults(ctx.tdb, body);
          const row = await csvDb(ctx.tdb)
            .insertInto(PROFILES, {
              name: body.name,
              settings: JSON.stringify(body),
              updated_at: ctx.deps.now().toISOString(),
            })
            .returning(['id', 'settings'])
            .executeTakeFirstOrThrow();
          return toProfile(row);
        },
      }),
      route({
        method: 'PUT',
        url: '/profile',
        access: ACCESS,
        summary: 'Zmiana profilu dostawcy',
        response: profileSchema,
        query: idQuerySchema,
        body: profileInputSchema,
        handler: async (ctx, { query, body }) => {
          await checkDefaults(ctx.tdb, body);
          const r = await csvDb(ctx.tdb)
            .updateTable(PROFILES)
            .set({ name: body.name, settings: JSON.stringify(body), updated_at: ctx.deps.now().toISOString() })
            .where('id', '=', query.id)
            .executeTakeFirst();
          if (Number(r.numUpdatedRows) === 0) throw notFound(CSV_MSG.profileNotFound);
          return toProfile({ id: query.id, settings: JSON.stringify(body) });
        },
      }),
      route({
        method: 'DELETE',
        url: '/profile',
        access: ACCESS,
        summary: 'Usunięcie profilu dostawcy',
        response: NO_CONTENT,
        query: idQuerySchema,
        handler: async (ctx, { query }) => {
          const r = await csvDb(ctx.tdb).deleteFrom(PROFILES).where('id', '=', query.id).executeTakeFirst();
          if (Number(r.numDeletedRows) === 0) throw notFound(CSV_MSG.profileNotFound);
        },
      }),
      route({
        method: 'GET',
        url: '/references',
        access: ACCESS,
        summary: 'Statusy, kategorie, stawki VAT i waluty do profilu',
        response: catalogReferencesSchema,
        handler: async (ctx) => catalogReferences(ctx.tdb),
      }),
      route({
        method: 'POST',
        url: '/preview',
        access: ACCESS,
        summary: 'Podgląd pierwszych wierszy pliku CSV',
        response: previewAnswerSchema,
        docs: { multipart: uploadDocSchema },
        handler: async (ctx, _input, req): Promise<PreviewAnswer> => {
          const { file, profile, choice } = await readCsvUpload(ctx, req);
          // Only the beginning is split: a line budget that holds the header, the rows shown and
          // some empty lines.
          const warnings: string[] = [];
          let read: Pick<ReturnType<typeof readCsvFile>, 'encoding' | 'delimiter' | 'records'>;
          try {
            read = readCsvFile(file, choice, (PREVIEW_ROWS + 1) * 5);
          } catch (err) {
            if (!(err instanceof CsvBroken)) throw err;
            const { text, encoding } = decodeCsvText(file, choice.encoding);
            read = {
              encoding,
              delimiter: choice.delimiter === 'auto' ? detectCsvDelimiter(text) : choice.delimiter,
              records: [],
            };
            warnings.push(err.message);
          }
          const header = profile.headerRow ? (read.records[0]?.cells ?? []) : null;
          const rows = read.records.slice(profile.headerRow ? 1 : 0, (profile.headerRow ? 1 : 0) + PREVIEW_ROWS);
          warnings.push(...columnIndexes(profile, header).problems);
          return {
            encoding: read.encoding,
            delimiter: read.delimiter,
            header,
            rows: rows.map((r) => r.cells),
            lines: rows.map((r) => r.line),
            warnings,
          };
        },
      }),
      route({
        method: 'POST',
        url: '/imports',
        access: ACCESS,
        summary: 'Import pliku CSV (zadanie w tle)',
        response: importStartedSchema,
        docs: { multipart: uploadDocSchema },
        handler: async (ctx, _input, req) => {
          const { file, profileId, choice } = await readCsvUpload(ctx, req);
          // A forced UTF-8 that is not is refused now, before anything is stored.
          if (choice.encoding === 'utf-8') decodeCsvText(file, 'utf-8');
          const name = await pluginFiles.save(ctx.deps.config, ID, ctx.tdb.orgId, file, 'csv');
          try {
            const jobId = await ctx.tdb.transaction(async (tdb) => {
              const imp = await csvDb(tdb)
                .insertInto(IMPORTS, {
                  profile_id: profileId,
                  file_name: name,
                  encoding: choice.encoding,
                  delimiter: choice.delimiter,
                  report: null,
                  job_id: null,
                  created_at: ctx.deps.now().toISOString(),
                })
                .returning('id')
                .executeTakeFirstOrThrow();
              const id = await enqueuePluginJob(tdb, ID, 'import', { payload: { importId: Number(imp.id) } });
              // Null only answers a dedupe key, and an import has none.
              if (id === null) throw new Error('wholesale-csv: the import job was not enqueued');
              await csvDb(tdb).updateTable(IMPORTS).set({ job_id: id }).where('id', '=', imp.id).execute();
              return id;
            });
            return { jobId };
          } catch (err) {
            await pluginFiles.remove(ctx.deps.config, ID, ctx.tdb.orgId, name);
            throw err;
          }
        },
      }),
      route({
        method: 'GET',
        url: '/imports',
        access: ACCESS,
        summary: 'Stan i raport importu',
        response: importStatusSchema,
        query: jobQuerySchema,
        handler: async (ctx, { query }): Promise<ImportStatus> => {
          const { imp, job } = await findImport(ctx.tdb, query.jobId);
          return {
            state: job.state,
            done: job.done ?? 0,
            total: job.total ?? 0,
            report: imp.report === null ? null : (JSON.parse(imp.report) as ImportReport),
          };
        },
      }),
      route({
        method: 'GET',
        url: '/imports/report',
        access: ACCESS,
        summary: 'Raport importu jako plik tekstowy',
        response: fileAnswer('text/plain', 'Raport importu (tekst UTF-8).'),
        query: jobQuerySchema,
        handler: async (ctx, { query }, _req, reply) => {
          const { imp } = await findImport(ctx.tdb, query.jobId);
          if (imp.report === null) throw new AppError(409, CSV_MSG.reportNotReady);
          return reply
            .type('text/plain; charset=utf-8')
            .header('Content-Disposition', 'attachment; filename="import_report.txt"')
            .send(reportText(JSON.parse(imp.report) as ImportReport));
        },
      }),
    ],
    jobs: [{ name: 'import', handler: importJob, timeoutSeconds: 3600 }],
    tables: [IMPORTS, PROFILES],
  }),
});
