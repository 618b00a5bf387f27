import { isPrintableItemCode } from '@zaplecze/contract';
import type { AuthContext } from '../../platform/context';
import { itemsRepository as repo } from './items.repository';

/** Candidates looked up per query, and the most ever tried. */
const BATCH = 100;
const MAX_TRIED = 1000;

/**
 * The code the copy dialog proposes (docs/decisions.md, Forms): the first free one of CODE-1,
 * CODE-2, … of the organisation, where a code that already ends in -N counts on from its stem
 * (a copy of CODE-1 proposes CODE-2). Answers the code itself when no candidate is free or fits
 * the code's length limit (the user then types one).
 */
export async function freeCopyCode(ctx: AuthContext, code: string): Promise<string> {
  const stem = /^(.+)-\d+$/.exec(code)?.[1] ?? code;
  for (let from = 1; from <= MAX_TRIED; from += BATCH) {
    const candidates: string[] = [];
    for (let n = from; n < from + BATCH; n += 1) {
      const c = `${stem}-${n}`;
      if (isPrintableItemCode(c)) candidates.push(c);
    }
    if (candidates.length === 0) return code;
    const taken = new Set(await repo.existingCodes(ctx.tdb, candidates));
    const free = candidates.find((c) => !taken.has(c));
    if (free) return free;
  }
  return code;
}
