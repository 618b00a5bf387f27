import { badRequest, csvStringifier, fileAnswer, parseCsvRows, readCsvText, route } from '@zaplecze/plugin-sdk';
import { csvImport, csvImportAnswer, modelInput } from '../schemas';
import { listModels, makeIdByName, upsertModel } from './catalogue';
import { inMotoLock } from './tables';
import { MOTO_MSG } from './messages.pl';

/**
 * The catalogue as CSV (docs/plugins.md, "The moto plugin"), in the core's export conventions
 * (platform/csv.ts: UTF-8 with a BOM, `;`, CRLF, Polish headers, formula-safe cells). The import
 * reads the same layout back: each row adds or updates the model found by make and model name,
 * adding a make it does not know, all in one transaction; any bad row refuses the whole file.
 */

const COLUMNS = [
  { key: 'make', header: 'Marka' },
  { key: 'model', header: 'Model' },
  { key: 'capacity', header: 'Pojemność' },
  { key: 'yearFrom', header: 'Rok od' },
  { key: 'yearTo', header: 'Rok do' },
  { key: 'type', header: 'Typ' },
] as const;

const norm = (s: string) => s.trim().toLocaleLowerCase('pl').replace(/³/g, '3');

export const csvRoutes = [
  route({
    method: 'GET',
    url: '/catalogue_csv',
    access: 'authenticated',
    summary: 'Katalog motocykli jako CSV',
    response: fileAnswer('text/csv', 'Plik CSV katalogu (UTF-8 z BOM, średniki).'),
    handler: async (ctx, _input, _req, reply) => {
      // A catalogue is hundreds of models: read at once, written as a stream.
      const models = await listModels(ctx.tdb);
      const csv = csvStringifier({
        bom: true,
        delimiter: ';',
        record_delimiter: 'windows',
        header: true,
        columns: COLUMNS.map((c) => ({ key: c.key, header: c.header })),
      });
      for (const m of models)
        csv.write({
          make: m.makeName,
          model: m.name,
          capacity: m.capacity,
          yearFrom: m.yearFrom,
          yearTo: m.yearTo ?? '',
          type: m.type,
        });
      csv.end();
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="katalog-motocykli.csv"');
      reply.header('cache-control', 'no-store');
      return csv;
    },
  }),
  route({
    method: 'POST',
    url: '/catalogue_csv',
    access: 'plugin.moto.catalogue',
    summary: 'Import katalogu motocykli z CSV',
    response: csvImportAnswer,
    body: csvImport,
    bodyLimit: 4 * 1024 * 1024,
    handler: async (ctx, { body }) => {
      let rows: string[][];
      try {
        rows = parseCsvRows(body.csv);
      } catch {
        throw badRequest(MOTO_MSG.csvBad);
      }
      const header = rows[0]?.map(norm) ?? [];
      if (COLUMNS.some((c, i) => header[i] !== norm(c.header))) throw badRequest(MOTO_MSG.csvHeader);
      if (rows.length < 2) throw badRequest(MOTO_MSG.csvEmpty);
      return inMotoLock(ctx.tdb, async (db) => {
        const answer = { makes: 0, added: 0, updated: 0 };
        for (let i = 1; i < rows.length; i++) {
          const [make = '', model = '', capacity, yearFrom, yearTo, type] = rows[i]!.map(readCsvText);
          const makeName = make.trim();
          if (!makeName) throw badRequest(MOTO_MSG.csvLine(i + 1, 'Podaj nazwę marki.'));
          if (makeName.length > 100)
            throw badRequest(MOTO_MSG.csvLine(i + 1, 'Nazwa marki może mieć najwyżej 100 znaków.'));
          const parsed = modelInput.safeParse({ makeId: 1, name: model, capacity, yearFrom, yearTo, type });
          if (!parsed.success) throw badRequest(MOTO_MSG.csvLine(i + 1, parsed.error.issues[0]!.message));
          const found = await makeIdByName(db, makeName);
          if (found.added) answer.makes++;
          answer[await upsertModel(db, { ...parsed.data, makeId: found.id })]++;
        }
        return answer;
      });
    },
  }),
];
