import { createHash, randomUUID } from 'node:crypto';
import { CAPTCHA_TTL_MS, type Captcha } from '@zaplecze/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { RequestContext } from '../../platform/context';
import { tooMany } from '../../platform/errors';
import { MSG } from '../../platform/messages.pl';
import { takeAttempt } from '../../platform/rate-limit';

const answerHash = (uuid: string, text: string) =>
  createHash('sha256').update(`${uuid}:${text.trim().toLowerCase()}`).digest('hex');

/** A new challenge; its answer is stored only as a hash and expires after 10 minutes. */
export async function createCaptcha(ctx: RequestContext): Promise<Captcha> {
  const now = ctx.deps.now();
  // A flood from one address cannot grow the table: 30 challenges (by default) per 10 minutes,
  // counted in the same database table as sign-in failures (shared by every worker process).
  const limit = { max: ctx.deps.config.captchaRateLimit, windowMs: CAPTCHA_TTL_MS };
  if (!(await takeAttempt(ctx.db, `captcha:${ctx.ip}`, limit, now))) throw tooMany(MSG.captchaRateLimited);
  const { text, image } = ctx.deps.captcha.create();
  const uuid = randomUUID();
  await ctx.db.deleteFrom('captchas').where('expires_at', '<', now.toISOString()).execute();
  await ctx.db
    .insertInto('captchas')
    .values({
      uuid,
      answer_hash: answerHash(uuid, text),
      expires_at: new Date(now.getTime() + CAPTCHA_TTL_MS).toISOString(),
    })
    .execute();
  return { image, uuid };
}

/** Checks and consumes an answer: every challenge can be tried once, right or wrong. */
export async function consumeCaptcha(
  db: Kysely<DB> | Transaction<DB>,
  now: Date,
  uuid: string,
  answer: string,
): Promise<boolean> {
  const row = await db
    .deleteFrom('captchas')
    .where('uuid', '=', uuid)
    .returning(['answer_hash', 'expires_at'])
    .executeTakeFirst();
  if (!row) return false;
  if (new Date(row.expires_at).getTime() < now.getTime()) return false;
  return row.answer_hash === answerHash(uuid, answer);
}
