import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { openSecret, sealSecret, SecretDecryptError } from './crypto';
import type { SecretKeyRing } from './key-ring';

/**
 * `npm run cli -- secrets:rotate` (docs/operations.md, Plugin secrets): every secret not under the
 * ring's current key is decrypted with its own key and encrypted again with the current one, in
 * batches. Only rows of other keys are read, so a run that stopped half-way is finished by running
 * it again; each row is rewritten only if it still holds the value that was read (compare and set),
 * so a value a user saved meanwhile is never overwritten. Across organisations: an admin command.
 */

export interface RotationReport {
  /** The current key the rows were moved to. */
  keyId: string;
  /** Rows re-encrypted by this run. */
  rotated: number;
  /** Rows already under the current key (untouched). */
  alreadyCurrent: number;
  /** Rows changed by someone else between the read and the write (now under the current key). */
  skipped: number;
  /** Rows whose key is in the ring but which fail authentication (altered data): left as they are. */
  failed: { orgId: number; pluginId: string; name: string }[];
}

/** Rows of keys the ring does not have: rotation refuses before touching anything. */
export class MissingRotationKeysError extends Error {
  constructor(readonly missing: { keyId: string; rows: number }[]) {
    super(
      `secrets under keys missing from the key ring: ${missing.map((m) => `"${m.keyId}" (${m.rows})`).join(', ')}; add those keys to SECRETS_KEYS (after the current one) and run again`,
    );
    this.name = 'MissingRotationKeysError';
  }
}

export async function rotatePluginSecrets(
  db: Kysely<DB>,
  ring: SecretKeyRing | undefined,
  opts: { batchSize?: number; onBatch?: (rotatedSoFar: number) => void } = {},
): Promise<RotationReport> {
  const batchSize = opts.batchSize ?? 500;
  const perKey = await db
    .selectFrom('plugin_secrets')
    .select(['key_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .groupBy('key_id')
    .execute();
  const missing = perKey
    .filter((k) => !ring?.byId.has(k.key_id))
    .map((k) => ({ keyId: k.key_id, rows: Number(k.n) }))
    .sort((a, b) => a.keyId.localeCompare(b.keyId));
  if (missing.length > 0) throw new MissingRotationKeysError(missing);
  const report: RotationReport = {
    keyId: ring?.current.id ?? '',
    rotated: 0,
    alreadyCurrent: Number(perKey.find((k) => k.key_id === ring?.current.id)?.n ?? 0),
    skipped: 0,
    failed: [],
  };
  if (!ring) return report;

  let after: { org_id: number; plugin_id: string; name: string } | undefined;
  for (;;) {
    let q = db
      .selectFrom('plugin_secrets')
      .select(['org_id', 'plugin_id', 'name', 'key_id', 'iv', 'ciphertext', 'tag'])
      .where('key_id', '<>', ring.current.id);
    if (after) {
      q = q.where(sql<boolean>`(org_id, plugin_id, name) > (${after.org_id}, ${after.plugin_id}, ${after.name})`);
    }
    const rows = await q.orderBy('org_id').orderBy('plugin_id').orderBy('name').limit(batchSize).execute();
    if (rows.length === 0) break;
    after = rows[rows.length - 1];
    const updates: { row: (typeof rows)[number]; sealed: ReturnType<typeof sealSecret> }[] = [];
    for (const row of rows) {
      const place = { orgId: row.org_id, pluginId: row.plugin_id, field: row.name };
      try {
        const plain = openSecret(ring, place, {
          keyId: row.key_id,
          iv: row.iv,
          ciphertext: row.ciphertext,
          tag: row.tag,
        });
        updates.push({ row, sealed: sealSecret(ring, place, plain) });
      } catch (err) {
        if (!(err instanceof SecretDecryptError)) throw err;
        report.failed.push({ orgId: row.org_id, pluginId: row.plugin_id, name: row.name });
      }
    }
    await db.transaction().execute(async (trx) => {
      for (const { row, sealed } of updates) {
        const r = await trx
          .updateTable('plugin_secrets')
          .set({ key_id: sealed.keyId, iv: sealed.iv, ciphertext: sealed.ciphertext, tag: sealed.tag })
          .where('org_id', '=', row.org_id)
          .where('plugin_id', '=', row.plugin_id)
          .where('name', '=', row.name)
          .where('key_id', '=', row.key_id)
          .where('iv', '=', row.iv)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 1) report.rotated++;
        else report.skipped++;
      }
    });
    opts.onBatch?.(report.rotated);
  }
  return report;
}
