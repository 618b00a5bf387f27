import { itemFreeCodeAnswerSchema } from '@zaplecze/contract';
import { api } from '@web/platform/api';

/**
 * The code the copy dialog starts with (docs/decisions.md, Forms): the first free CODE-1,
 * CODE-2, … the server finds (GET /items/free_code). Should that fail, the item's own code, as
 * before, which the user then changes.
 */
export async function proposeCopyCode(code: string): Promise<string> {
  try {
    return (await api.get('/items/free_code', { query: { code }, schema: itemFreeCodeAnswerSchema })).code;
  } catch {
    return code;
  }
}
