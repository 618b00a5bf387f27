import { pluginColumns, pluginTable, type Generated, type PluginMigration, type TenantDb } from '@zaplecze/plugin-sdk';

/**
 * jpk's table (docs/plugins.md, "Plugin: jpk"): one row per file asked for. The job
 * (`jpk.build`) fills `phase` while it works and, at its end, either the stored file (`file_name`
 * in the app's file storage, SDK pluginFiles) with its size, hash and summary, or `error`, the
 * Polish reason the file was refused.
 */
export const FILES = pluginTable('jpk', 'files') as 'p_jpk_files';

export interface JpkTables {
  p_jpk_files: {
    id: Generated<number>;
    org_id: number;
    job_id: number | null;
    /** 'V7M' | 'FA' */
    kind: string;
    /** 1: JPK_V7M with CelZlozenia 2 (a correction). */
    correction: number;
    /** The month asked for (null for a JPK_FA of days). */
    year: number | null;
    month: number | null;
    /** The period's days, RRRR-MM-DD, both inclusive. */
    date_from: string;
    date_to: string;
    /** 'reading' | 'validating' | 'saving' while the job works. */
    phase: string | null;
    /** The documents the job read (its progress total), once it ended. */
    documents: number | null;
    file_name: string | null;
    bytes: number | null;
    sha256: string | null;
    /** schemas.ts FileSummary as JSON. */
    summary: string | null;
    error: string | null;
    created_at: string;
    created_by: string;
    finished_at: string | null;
  };
}

export const jpkDb = (tdb: TenantDb) => tdb.withTables<JpkTables>();

export const migrations: PluginMigration[] = [
  {
    name: '0001_files',
    async up(db, engine) {
      const c = pluginColumns(engine);
      await c
        .id(db.schema.createTable(FILES))
        .addColumn('org_id', 'integer', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
        .addColumn('job_id', 'integer')
        .addColumn('kind', 'varchar(8)', c.notNull)
        .addColumn('correction', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('year', 'integer')
        .addColumn('month', 'integer')
        .addColumn('date_from', 'varchar(10)', c.notNull)
        .addColumn('date_to', 'varchar(10)', c.notNull)
        .addColumn('phase', 'varchar(20)')
        .addColumn('documents', 'integer')
        .addColumn('file_name', 'varchar(100)')
        .addColumn('bytes', 'integer')
        .addColumn('sha256', 'varchar(64)')
        .addColumn('summary', 'text')
        .addColumn('error', 'text')
        .addColumn('created_at', 'varchar(40)', c.notNull)
        .addColumn('created_by', 'varchar(200)', c.notNull)
        .addColumn('finished_at', 'varchar(40)')
        .execute();
      await db.schema.createIndex(`${FILES}_org_idx`).on(FILES).columns(['org_id', 'id']).execute();
      await db.schema.createIndex(`${FILES}_org_job_idx`).on(FILES).columns(['org_id', 'job_id']).execute();
    },
  },
];
