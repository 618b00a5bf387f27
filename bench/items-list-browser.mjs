/* global document, window -- the evaluate callbacks run in the page */
// The item list with a 10,000-row page in Chromium: how long after the data arrives the page is
// usable (first rows drawn, scrolling to the last row shows it), and how many rows sit in the DOM.
// Target (issue 7): usable within 1 s of the data arriving, at most about 60 rows in the DOM.
//
// Usage: npm run bench:items-browser [-- --runs 5]
// (node --import tsx bench/items-list-browser.mjs). Needs Chromium and builds the web app if needed.
// An in-process server on a fresh SQLite database gets 10,000 generated items through the API.
import { ensureWebBuilt } from '../e2e/support/build-web.ts';
import { launchChromium } from '../e2e/support/browser.ts';
import { createOrg } from '../packages/server/test/factories.ts';
import { startTestServer } from '../packages/server/test/harness.ts';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const ITEMS = 10_000;

await ensureWebBuilt('bench');
const server = await startTestServer();
const browser = await launchChromium();
try {
  const org = await createOrg(server);
  const status = (await org.admin.post('/api/item_statuses', { name: 'Aktywny', color: '00aa00' })).body.id;
  for (let start = 0; start < ITEMS; start += 1000) {
    const res = await org.admin.post('/api/items/generate_many', {
      beforeSymbol: 'BENCH-',
      start,
      stop: start + 999,
      itemStatusId: status,
      countWare: 3,
    });
    if (res.status !== 200) throw new Error(`generate: ${res.status} ${JSON.stringify(res.body)}`);
  }

  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const url = (p) => server.url + p;
  // Signed in as the web app keeps a short session: the token_auth cookie.
  await context.addCookies([{ name: 'token_auth', value: org.token.token, url: server.url, sameSite: 'Strict' }]);

  const results = [];
  for (let run = 0; run < RUNS; run++) {
    // Each run asks the server again (another sort order), so nothing comes from a cache.
    const sort = run % 2 === 0 ? 'CODE' : 'COUNT_A';
    const answered = page.waitForResponse((r) => r.url().includes('/api/items?') && r.url().includes('perPage=10000'), {
      timeout: 120_000,
    });
    await page.goto(url(`/items?perPage=10000&sort=${sort}&page=1`));
    const response = await answered;
    await response.finished();
    const arrived = await page.evaluate(() => performance.now());
    // Usable: rows are drawn, and scrolling the list to its end shows the last row.
    await page.locator('[data-testid="items-table"] tbody tr').nth(5).waitFor({ timeout: 30_000 });
    const drawn = await page.evaluate(() => performance.now());
    const lastCode = sort === 'CODE' ? 'BENCH-9999' : undefined;
    await page.evaluate(() => {
      const box = document.querySelector('[data-testid="items-scroll"]');
      if (box) box.scrollTop = box.scrollHeight;
      else window.scrollTo(0, document.body.scrollHeight);
    });
    if (lastCode) await page.getByText(lastCode, { exact: true }).waitFor({ timeout: 30_000 });
    else await page.waitForTimeout(50);
    const scrolled = await page.evaluate(() => performance.now());
    const rowsInDom = await page.locator('[data-testid="items-table"] tbody tr').count();
    results.push({ sort, drawnMs: drawn - arrived, usableMs: scrolled - arrived, rowsInDom });
    console.log(
      `run ${run + 1} (${sort}): first rows ${Math.round(drawn - arrived)} ms after the data arrived, ` +
        `last row shown after scrolling ${Math.round(scrolled - arrived)} ms, ${rowsInDom} rows in the DOM`,
    );
  }
  const usable = results.map((r) => r.usableMs).sort((a, b) => a - b);
  const median = usable[Math.floor(usable.length / 2)];
  const maxRows = Math.max(...results.map((r) => r.rowsInDom));
  console.log(
    `\n10,000-row page: median ${Math.round(median)} ms from data to usable (target 1000 ms), ` +
      `at most ${maxRows} rows in the DOM (target about 60)`,
  );
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
