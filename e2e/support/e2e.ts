import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import type { Config } from '../../packages/server/src/config';
import { startTestServer, type TestServer } from '../../packages/server/test/harness';
import { connectChromium, launchChromium } from './browser';
import { ensureE2eWebBuilt } from './build-web';
import { E2E_WEB_DIST, RESULTS_DIR } from './paths';

/** Default wait for anything on a page; generous for a busy 2-core machine, but bounded. */
export const UI_TIMEOUT_MS = 15_000;

export interface E2e {
  /** The in-process server of this test file (fresh database, KnownCaptcha). */
  readonly server: TestServer;
  readonly browser: Browser;
  /** Absolute URL of an app path. */
  url(appPath: string): string;
  /** A new page in a fresh browser context (no cookies, empty local storage). Closed after the test. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
}

interface OpenContext {
  context: BrowserContext;
  log: string[];
  /** Set when a page's renderer died (Chromium killed or lost it). */
  crashed: boolean;
}

function fileSafe(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/-+/g, '-')
    .slice(0, 120);
}

/** The run's shared Chromium (e2e/support/global-setup.ts), or a browser of this file's own without it. */
function openBrowser(): Promise<Browser> {
  const wsEndpoint = inject('chromiumWsEndpoint');
  return wsEndpoint ? connectChromium(wsEndpoint) : launchChromium();
}

/**
 * Wires one test file: builds the web app if needed, starts a real server (serving the e2e build,
 * with the fixture plugins registered: vitest.config.ts sets ZAPLECZE_TEST_PLUGINS=1) and connects
 * to Chromium before the tests, gives every test fresh contexts, and on failure saves a screenshot
 * of each open page (plus the page's console errors) into test-results/e2e/.
 */
export function setupE2e(overrides: Partial<Config> = {}): E2e {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let open: OpenContext[] = [];

  beforeAll(async () => {
    await ensureE2eWebBuilt();
    [server, browser] = await Promise.all([startTestServer({ webDist: E2E_WEB_DIST, ...overrides }), openBrowser()]);
  });

  afterEach(async (ctx) => {
    const contexts = open;
    open = [];
    const crashed = contexts.some((c) => c.crashed);
    if (ctx.task.result?.state === 'fail' || crashed) {
      const dir = path.join(RESULTS_DIR, 'e2e');
      fs.mkdirSync(dir, { recursive: true });
      const base = fileSafe(`${path.basename(ctx.task.file.name, '.e2e.test.ts')}--${ctx.task.name}`);
      let n = 0;
      for (const { context, log } of contexts) {
        for (const page of context.pages()) {
          n += 1;
          const file = path.join(dir, `${base}${n > 1 ? `-${n}` : ''}.png`);
          try {
            await page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
            console.error(`[e2e] failure screenshot: ${path.relative(process.cwd(), file)} (at ${page.url()})`);
          } catch (err) {
            console.error(`[e2e] could not take a screenshot: ${String(err)}`);
          }
        }
        if (log.length > 0) fs.writeFileSync(path.join(dir, `${base}.log`), `${log.join('\n')}\n`);
      }
    }
    await Promise.all(contexts.map(({ context }) => context.close().catch(() => undefined)));
    // A renderer that dies after the last step would otherwise pass unnoticed here and fail a step
    // only on a slower run: fail the test that caused it whenever the crash is seen.
    if (crashed && ctx.task.result?.state !== 'fail') {
      throw new Error(
        `a page of this test crashed (its renderer died) although every step passed; see ${path.relative(process.cwd(), path.join(RESULTS_DIR, 'e2e'))}`,
      );
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not ready: setupE2e's beforeAll did not finish`);
    return value;
  };

  return {
    get server() {
      return need(server, 'server');
    },
    get browser() {
      return need(browser, 'browser');
    },
    url(appPath) {
      return new URL(appPath, need(server, 'server').url).toString();
    },
    async newPage(options = {}) {
      const context = await need(browser, 'browser').newContext({
        locale: 'pl-PL',
        viewport: { width: 1280, height: 800 },
        ...options,
      });
      context.setDefaultTimeout(UI_TIMEOUT_MS);
      context.setDefaultNavigationTimeout(UI_TIMEOUT_MS * 2);
      const entry: OpenContext = { context, log: [], crashed: false };
      open.push(entry);
      const page = await context.newPage();
      page.on('crash', () => {
        entry.crashed = true;
        entry.log.push(`[crash] the page's renderer died at ${page.url()}`);
      });
      page.on('pageerror', (err) => entry.log.push(`[pageerror] ${err.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error' || msg.type() === 'warning') entry.log.push(`[console.${msg.type()}] ${msg.text()}`);
      });
      return page;
    },
  };
}

/** Waits until `read` returns the expected value (no fixed sleeps). */
export async function eventually<T>(read: () => Promise<T> | T, expected: T, message?: string): Promise<void> {
  await expect.poll(read, { timeout: UI_TIMEOUT_MS, interval: 100, message }).toEqual(expected);
}
