/* global document, window, requestAnimationFrame, MutationObserver -- the evaluate callbacks run in the page */
// The order reader in Chromium: how long from a scan (the Enter that ends the scanner's keystrokes)
// to its new log row on screen, through the real POST /orders/barcodes of an in-process server.
// Target (issue 9): at most 100 ms.
//
// Usage: npm run bench:order-reader-browser [-- --scans 60]
// (node --import tsx bench/order-reader-browser.mjs). Needs Chromium and builds the web app if needed.
// The scans are a packing session repeated: the order, a weight, a size, each item (one wrong),
// every one a database write or a read of the order's panel, like at the bench.
import { ensureWebBuilt } from '../e2e/support/build-web.ts';
import { launchChromium } from '../e2e/support/browser.ts';
import { createOrg } from '../packages/server/test/factories.ts';
import { startTestServer } from '../packages/server/test/harness.ts';
import { createOrderRefs } from '../packages/server/test/orders.ts';

const scansArg = process.argv.indexOf('--scans');
const SCANS = scansArg > 0 ? Number(process.argv[scansArg + 1]) : 60;
const WARM_UP = 5;

await ensureWebBuilt('bench');
const server = await startTestServer();
const browser = await launchChromium();
try {
  const org = await createOrg(server);
  await createOrderRefs(org.admin);
  const status = (await org.admin.post('/api/item_statuses', { name: 'Aktywny', color: '00aa00' })).body.id;
  const lines = [];
  for (let i = 1; i <= 5; i++) {
    const code = `PAK-${i}`;
    const res = await org.admin.post('/api/items', {
      code,
      name: `Towar ${i}`,
      price: 10,
      vat: 23,
      currency: 'PLN',
      countWare: 1000,
      itemStatusId: status,
    });
    if (res.status !== 200) throw new Error(`item: ${res.status} ${JSON.stringify(res.body)}`);
    lines.push({ code, name: `Towar ${i}`, quantity: 1000, price: 10, vat: 23, itemId: res.body.id });
  }
  const order = await org.admin.post('/api/orders', {
    deliveryCost: 10,
    deliveryVat: 23,
    clientData: { nameSurname: 'Jan Kowalski', street: 'Długa', buildNr: '1', postCode: '00-001', city: 'Warszawa' },
    items: lines,
  });
  if (order.status !== 200) throw new Error(`order: ${order.status} ${JSON.stringify(order.body)}`);
  const session = [
    `ORDER:${order.body.id}`,
    'WEIGHT:1500',
    'SIZE:300',
    ...lines.map((l) => l.code),
    'NIE-W-ZAMOWIENIU',
  ];

  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addCookies([{ name: 'token_auth', value: org.token.token, url: server.url, sameSite: 'Strict' }]);
  const page = await context.newPage();
  await page.goto(`${server.url}/orders-barcode-reader`);
  await page.getByTestId('reader-scanner-input').waitFor({ timeout: 60_000 });

  // In the page: the time of each scan's Enter, and the frame after its row was added to the log.
  await page.evaluate(() => {
    const w = window;
    w.benchEnter = [];
    w.benchRow = [];
    window.addEventListener('keydown', (e) => e.key === 'Enter' && w.benchEnter.push(performance.now()), true);
    let seen = 0;
    new MutationObserver(() => {
      const rows = document.querySelectorAll('[data-testid="reader-log-row"]').length;
      if (rows > seen) {
        seen = rows;
        requestAnimationFrame(() => w.benchRow.push(performance.now()));
      }
    }).observe(document.body, { childList: true, subtree: true });
  });

  const total = SCANS + WARM_UP;
  for (let i = 0; i < total; i++) {
    await page.keyboard.type(session[i % session.length]);
    await page.keyboard.press('Enter');
    // One scan at a time, as a packer scans: wait for its row before the next.
    await page.waitForFunction((n) => window.benchRow.length >= n, i + 1, { timeout: 30_000, polling: 'raf' });
  }
  const { enter, row, http } = await page.evaluate(() => ({
    enter: window.benchEnter,
    row: window.benchRow,
    // The POST of each scan as the browser timed it (request start to the answer's last byte).
    http: performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith('/api/orders/barcodes'))
      .map((e) => e.responseEnd - e.startTime),
  }));
  const stats = (values) => {
    const v = [...values].sort((a, b) => a - b);
    const pct = (p) => v[Math.min(v.length - 1, Math.floor((p / 100) * v.length))].toFixed(1);
    return `median ${pct(50)} ms, p95 ${pct(95)} ms, max ${v.at(-1).toFixed(1)} ms`;
  };
  const times = enter.slice(WARM_UP).map((t, i) => row[i + WARM_UP] - t);
  console.log(`${times.length} scans (after ${WARM_UP} warm-up), one at a time:`);
  console.log(`  scan to its log row on screen: ${stats(times)} (target 100 ms)`);
  console.log(`  of which the POST /orders/barcodes round trip: ${stats(http.slice(WARM_UP))}`);
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
