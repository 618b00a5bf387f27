import type { ReferenceListDef } from '@zaplecze/contract';
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
 * One simple reference list on the server: the contract's definition (REFERENCE_LISTS: path, list
 * key, permission, body schema, defaults) plus its table and how rows map to the API shape.
 * Eight lists are eight of these, not eight modules.
 */
export interface ListDefinition<In extends z.ZodObject = z.ZodObject> extends Pick<
  ReferenceListDef,
  'apiPath' | 'listKey' | 'editPermission' | 'defaults' | 'row'
> {
  /** The list's Polish name in the API reference. */
  title: string;
  table: ListTable;
  /** Body of POST; PUT is the same plus id. */
  input: In;
  /** Columns written from a parsed body. */
  toColumns(input: z.output<In>): Record<string, unknown>;
  /** API shape of a row; `defaults` tells which default options point at it. */
  toDto(row: ListRow, defaults: DefaultFlags): unknown;
  /** Polish 404 message. */
  notFound: string;
}

export interface DefaultFlags {
  isDefault: boolean;
  isDefaultStationary: boolean;
}
