import type { TenantDb } from '../db/tenant';
import type { TenantTable } from '../db/schema';
import { conflict } from './errors';

/** Whether something still uses a row: the Polish 409 message, or undefined when it is free. */
export type UsageCheck = (tdb: TenantDb, id: number) => Promise<string | undefined>;

/**
 * What the user module does, in the deleting transaction, before a row it may still point at goes
 * (orders move the lines of a deleted item out of the catalogue figures of their roll-ups).
 */
export type UsageRelease = (tdb: TenantDb, id: number) => Promise<void>;

/** A check (and/or a release) one module contributes for rows of a table another module owns. */
export interface UsageCheckDef {
  /** The table whose rows are used (e.g. 'categories' used by items). */
  target: TenantTable;
  check?: UsageCheck;
  release?: UsageRelease;
}

/**
 * "Still in use" checks, filled by the modules that use a row (items fill categories, places,
 * statuses...), asked by the module that deletes it. The owner never imports its users.
 */
export class UsageRegistry {
  private readonly checks = new Map<TenantTable, UsageCheck[]>();
  private readonly releases = new Map<TenantTable, UsageRelease[]>();

  add(def: UsageCheckDef): void {
    if (def.check) this.checks.set(def.target, [...(this.checks.get(def.target) ?? []), def.check]);
    if (def.release) this.releases.set(def.target, [...(this.releases.get(def.target) ?? []), def.release]);
  }

  /**
   * Lets every user module let go of a row that is about to be deleted (after the checks passed,
   * in the deleting transaction). Rows that only become null through ON DELETE SET NULL need this
   * when something derived from them must change in step.
   */
  async release(tdb: TenantDb, target: TenantTable, id: number): Promise<void> {
    for (const release of this.releases.get(target) ?? []) await release(tdb, id);
  }

  /** The first reason a row of `target` is in use, or undefined. */
  async reasonInUse(tdb: TenantDb, target: TenantTable, id: number): Promise<string | undefined> {
    for (const check of this.checks.get(target) ?? []) {
      const reason = await check(tdb, id);
      if (reason) return reason;
    }
    return undefined;
  }

  /** Refuses with 409 and the check's message while the row is in use. */
  async assertUnused(tdb: TenantDb, target: TenantTable, id: number): Promise<void> {
    const reason = await this.reasonInUse(tdb, target, id);
    if (reason) throw conflict(reason);
  }
}
