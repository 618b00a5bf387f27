import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { XSRF_COOKIE, XSRF_HEADER } from '@zaplecze/contract';
import { hasApiTokenAuthorization } from './authorization';
import { forbidden } from './errors';
import { MSG } from './messages.pl';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit XSRF protection: the server sets a random XSRF-TOKEN cookie (readable by the
 * app, SameSite=Strict); every request with a method other than GET, HEAD or OPTIONS must repeat
 * it in X-XSRF-TOKEN, whatever its path. Deciding by the path ("starts with /api") let
 * `POST /%61pi/...` and the absolute form `POST http://host/api/...` through: the router decodes
 * and strips what a prefix test on the raw target does not. No endpoint a browser uses is exempt (nothing
 * public takes cross-site posts: sign-in and registration come from the app, which sends the
 * header); a non-GET request to a path that is not a route answers 403 instead of 404.
 *
 * A request with an API token (`Authorization: Bearer zpl_...`, a script's) carries no cookie and
 * is not checked: it is signed in by that header alone, never by the token cookie or the session
 * header (modules/auth/auth.guard.ts), and a page of another site cannot make a browser send such
 * a header, so there is no forged request to stop (docs/decisions.md, API tokens). It gets no
 * XSRF cookie either. Nor is a webhook route (a plugin's, docs/plugins.md, Webhooks): another
 * server calls it without a cookie and proves itself by a signature of the body.
 */
export function installXsrf(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (hasApiTokenAuthorization(req)) return;
    // A webhook route (route.ts PublicRouteDef.webhook): another server posts there with a
    // signature of the body and no cookie; decided by the route the router matched, never the path.
    if (req.routeOptions.config?.webhook === true) return;
    const cookieValue = req.cookies[XSRF_COOKIE];
    if (!cookieValue) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        httpOnly: false,
        secure: req.protocol === 'https',
      });
    }
    if (SAFE.has(req.method)) return;
    const header = req.headers[XSRF_HEADER.toLowerCase()];
    const sent = Array.isArray(header) ? header[0] : header;
    if (!cookieValue || !sent || !equal(cookieValue, sent)) throw forbidden(MSG.xsrf);
  });
}

function equal(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
