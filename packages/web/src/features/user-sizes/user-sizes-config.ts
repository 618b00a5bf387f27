import { REFERENCE_LISTS, userSizeInputSchema, type UserSize } from '@zaplecze/contract';
import type { z } from 'zod';

import type { ColumnSpec, FieldSpec, ListConfig } from '@web/ui/list-config';
import { userSizesResource } from './user-sizes.api';
import { listsText } from '@web/features/reference-lists/texts';
import { userSizesText } from './texts';

type Values = z.input<typeof userSizeInputSchema>;
type Body = z.output<typeof userSizeInputSchema>;
type Side = 'sizeA' | 'sizeB' | 'sizeC';
const SIDES: readonly Side[] = ['sizeA', 'sizeB', 'sizeC'];

const sideField = (side: Side): FieldSpec<Values> => ({
  name: side,
  kind: 'mm',
  label: () => userSizesText()[side],
  md: 2,
});
const sideColumn = (side: Side): ColumnSpec<UserSize> => ({
  id: side,
  header: () => userSizesText()[side],
  className: 'text-end text-nowrap',
  cell: (row) => row[side],
});

/**
 * /user-sizes (docs/rules/platform-rules.md §2 Defined package sizes): name and the sides A, B, C in millimetres
 * (0 by default), codes of the selection as user_sizes.pdf.
 */
export const userSizesConfig: ListConfig<UserSize, Values, Body> = {
  id: 'user-sizes',
  icon: 'bi-rulers',
  texts: () => userSizesText(),
  resource: userSizesResource,
  editPermission: REFERENCE_LISTS.userSizes.editPermission,
  form: {
    schema: userSizeInputSchema,
    empty: { name: '', sizeA: 0, sizeB: 0, sizeC: 0 },
    toValues: (row) => ({ name: row.name, sizeA: row.sizeA, sizeB: row.sizeB, sizeC: row.sizeC }),
    fields: [{ name: 'name', kind: 'text', label: () => listsText().fields.name, md: 6 }, ...SIDES.map(sideField)],
  },
  columns: SIDES.map(sideColumn),
  codes: REFERENCE_LISTS.userSizes.codes,
};
