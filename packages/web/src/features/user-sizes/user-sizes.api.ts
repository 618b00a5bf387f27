import { REFERENCE_LISTS, type UserSize, type userSizeInputSchema } from '@zaplecze/contract';
import type { z } from 'zod';
import { createListResource } from '@web/data/lists.api';

/** /user_sizes through the simple lists' hooks factory (GET, POST, PUT, DELETE ?id=). */
export const userSizesResource = createListResource<UserSize, z.output<typeof userSizeInputSchema>>(
  REFERENCE_LISTS.userSizes,
);
