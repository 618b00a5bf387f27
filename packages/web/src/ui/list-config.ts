import type { OptionKey, PermissionKey } from '@zaplecze/contract';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';

/** What every row of a simple list has; statuses add a colour, some lists default flags. */
export interface ListRow {
  id: number;
  name: string;
  color?: string;
  isDefault?: boolean;
  isDefaultStationary?: boolean;
}

/** The default flags a list may carry (docs/rules/catalogue-and-orders-rules.md §4 Defaults). */
export type DefaultFlag = 'isDefault' | 'isDefaultStationary';

/** One default of a list: the row flag and the option that stores the default's id ('' = none). */
export interface DefaultSpec {
  flag: DefaultFlag;
  option: OptionKey;
}

/** Confirmation texts of one default ({name} = the row's name). */
export interface DefaultTexts {
  setConfirm: string;
  removeConfirm: string;
}

/** The texts of one list screen (its catalogue entry). */
export interface ListTexts {
  title: string;
  addHeading: string;
  editHeading: string;
  empty: string;
  loadErrorTitle: string;
  saveErrorTitle: string;
  deleteErrorTitle: string;
  deleteConfirmTitle: string;
  /** With {name}. */
  deleteConfirm: string;
  defaultConfirmTitle?: string;
  defaultErrorTitle?: string;
  defaults?: Partial<Record<DefaultFlag, DefaultTexts>>;
}

/** The data hooks of one list resource (made by the hooks factory of features/reference-lists). */
export interface ListResource<Row extends ListRow, Body> {
  useList(): UseQueryResult<Row[]>;
  useCreate(): UseMutationResult<Row, Error, Body>;
  useUpdate(): UseMutationResult<Row, Error, Body & { id: number }>;
  useRemove(): UseMutationResult<unknown, Error, number>;
  /** PUT /options {key, value}; reloads the list after (its default flags come from options). */
  useSetOption(): UseMutationResult<unknown, Error, { key: OptionKey; value: string }>;
}

/** How a form field is drawn. `mm` is a whole number of millimetres. */
export type FieldKind = 'text' | 'textarea' | 'color' | 'mm';

export interface FieldSpec<V extends FieldValues> {
  name: Path<V>;
  kind: FieldKind;
  label: () => string;
  /** Width on medium screens and up, in twelfths (default 12). */
  md?: number;
  /** Shows the number of characters under a text area. */
  counter?: boolean;
}

/** A column drawn after the name (e.g. a description preview or the sizes A, B, C). */
export interface ColumnSpec<Row> {
  id: string;
  header: () => string;
  cell(row: Row): ReactNode;
  /** Classes of the header and the cells (alignment, width). */
  className?: string;
  /** Classes of the cells only (e.g. small muted text). */
  cellClassName?: string;
}

/**
 * One simple list screen as configuration: the data hooks, the form (schema, empty values,
 * fields), extra columns, reader codes, defaults, texts and the permission that allows changes.
 */
export interface ListConfig<Row extends ListRow, V extends FieldValues, B> {
  /** Prefix of test ids and element ids, e.g. 'item-groups'. */
  id: string;
  /** A bootstrap-icons class of the heading. */
  icon: string;
  texts: () => ListTexts;
  resource: ListResource<Row, B>;
  editPermission: PermissionKey;
  form: {
    /** The contract's input schema: validates the form and gives the request body. */
    schema: z.ZodType<B, V>;
    empty: V;
    toValues(row: Row): V;
    fields: FieldSpec<V>[];
  };
  columns?: ColumnSpec<Row>[];
  /** Reader codes of the selection: POST /print/barcode/{kind}, downloaded as fileName. */
  codes?: { kind: string; fileName: string };
  defaults?: DefaultSpec[];
}
