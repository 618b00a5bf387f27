import type { OptionKey, PermissionKey } from '@zaplecze/contract';
import type { z } from 'zod';

/** Tables served by the list factory: rows with id, org_id and name. */
export type ListTable =
  | 'additional_descs'
  | 'delivery_price_lists'
  | 'delivery_times'
  | 'item_groups'
  | 'item_statuses'
  | 'income_sources'
  | 'order_statuses'
  | 'user_sizes';

/** A stored row as the factory sees it: plain columns. */
export type ListRow = { id: number; name: string } & Record<string, unknown>;

/**
 * One simple reference list (platform.md §7, goods-and-orders.md §7.1): a path, its table, the
 * answer's list key, who may change it, the body schema, and how rows map to the API shape.
 * Eight lists are eight of these, not eight modules.
 */
export interface ListDefinition<In extends z.ZodObject = z.ZodObject> {
  path: string;
  table: ListTable;
  listKey: string;
  editPermission: PermissionKey;
  /** Body of POST; PUT is the same plus id. */
  input: In;
  /** Columns written from a parsed body. */
  toColumns(input: z.output<In>): Record<string, unknown>;
  /** API shape of a row; `defaults` tells which default options point at it. */
  toDto(row: ListRow, defaults: DefaultFlags): unknown;
  /** Default options that point at rows of this list (statuses, income sources). */
  defaults?: { default: OptionKey; stationary?: OptionKey };
  /** Polish 404 message. */
  notFound: string;
}

export interface DefaultFlags {
  isDefault: boolean;
  isDefaultStationary: boolean;
}
