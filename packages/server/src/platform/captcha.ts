import { createHash, randomUUID } from 'node:crypto';
import { CAPTCHA_TTL_MS, type Captcha } from '@zaplecze/contract';
import type { Kysely, Transaction } from 'kysely';
import svgCaptcha from 'svg-captcha';
import type { DB } from '../db/schema';
import type { RequestContext } from './context';
import { tooMany } from './errors';
import { MSG } from './messages.pl';
import { takeAttempt } from './rate-limit';

/** Makes a captcha challenge: the answer text and its image as a data URL. */
export interface CaptchaGenerator {
  create(): { text: string; image: string };
}

/** Production generator: a noisy SVG with 5 characters that are easy to tell apart. */
export const svgCaptchaGenerator: CaptchaGenerator = {
  create() {
    const c = svgCaptcha.create({
      size: 5,
      noise: 3,
      color: true,
      ignoreChars: '0oO1ilI',
      background: '#f4f6f8',
      width: 160,
      height: 60,
    });
    return { text: c.text, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
  },
};

/*
 * The challenges: GET /captcha (registration module) hands them out; registration and a sign-in
 * under attack (auth module) consume them. Here, in the platform, so that both modules use one store.
 */

const answerHash = (uuid: string, text: string) =>
  createHash('sha256').update(`${uuid}:${text.trim().toLowerCase()}`).digest('hex');

/** A new challenge; its answer is stored only as a hash and expires after 10 minutes. */
export async function createCaptcha(ctx: RequestContext): Promise<Captcha> {
  const now = ctx.deps.now();
  // A flood from one address cannot grow the table: 30 challenges (by default) per 10 minutes,
  // counted in the database (shared by every worker process).
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
