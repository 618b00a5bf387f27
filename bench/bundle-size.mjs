#!/usr/bin/env node
// First-load JavaScript of the login page, gzipped (the budget: under 200 kB).
//
//   node bench/bundle-size.mjs [--url http://localhost:8080] [--budget 200] [--json]
//
// Reads packages/web/dist (build it first: npm run build). The measure that counts is the
// browser's: Chromium opens /login and every JavaScript file it requests is gzipped and summed
// (the entry, its modulepreloads and the chunks the login route imports lazily). Without --url the
// script serves dist itself (SPA fallback; /api answers 404, which loads no extra code). With
// --url it measures a running server (e.g. `npm start`). It also prints the static figure from
// index.html (entry script + modulepreload tags + their static imports) and the login chunk's
// static import graph, which is what it reports alone when Chromium is missing.
// kB = 1000 bytes; gzip at zlib's default level, as Vite reports.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'packages/web/dist');
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}
const budgetKb = Number(arg('--budget', '200'));
const externalUrl = arg('--url', undefined);
const asJson = process.argv.includes('--json');

const gz = (buf) => zlib.gzipSync(buf).length;
const kb = (bytes) => (bytes / 1000).toFixed(1);

function fail(message) {
  console.error(message);
  process.exit(2);
}

if (!fs.existsSync(path.join(dist, 'index.html')))
  fail('packages/web/dist/index.html is missing: run `npm run build` first.');
const indexHtml = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

// --- Static view: index.html tags and the chunk graph -------------------------------------------
function attr(tag, name) {
  const m = tag.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i'));
  return m ? m[1] : undefined;
}
const entryScripts = [...indexHtml.matchAll(/<script\b[^>]*>/gi)]
  .map((m) => m[0])
  .filter((tag) => /type\s*=\s*["']module["']/i.test(tag))
  .map((tag) => attr(tag, 'src'))
  .filter(Boolean);
const preloads = [...indexHtml.matchAll(/<link\b[^>]*>/gi)]
  .map((m) => m[0])
  .filter((tag) => /rel\s*=\s*["']modulepreload["']/i.test(tag))
  .map((tag) => attr(tag, 'href'))
  .filter(Boolean);

const distFile = (url) => path.join(dist, decodeURIComponent(new URL(url, 'http://x/').pathname));

/** Static imports of a built chunk (`import … from "./x.js"`, `import "./x.js"`), not import(). */
function staticImports(file) {
  const code = fs.readFileSync(file, 'utf8');
  const dir = path.dirname(file);
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)].map((m) => path.resolve(dir, m[1]));
}
function closure(files) {
  const seen = new Set();
  const stack = [...files];
  while (stack.length) {
    const f = stack.pop();
    if (seen.has(f) || !fs.existsSync(f)) continue;
    seen.add(f);
    stack.push(...staticImports(f));
  }
  return seen;
}
const staticEntry = closure([...entryScripts, ...preloads].map(distFile));
// The login chunk the entry refers to (dist may also hold chunks of earlier builds).
const loginChunk = [...staticEntry]
  .map((f) => fs.readFileSync(f, 'utf8').match(/LoginPage-[\w-]+\.js/)?.[0])
  .find(Boolean);
const staticWithLogin = closure([...staticEntry, ...(loginChunk ? [path.join(dist, 'assets', loginChunk)] : [])]);
const sumFiles = (files) => [...files].reduce((acc, f) => acc + gz(fs.readFileSync(f)), 0);
const staticEntryGz = sumFiles(staticEntry);
const staticLoginGz = sumFiles(staticWithLogin);

// --- Browser view: what Chromium requests for /login --------------------------------------------
function serveDist() {
  const types = {
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.html': 'text/html',
    '.svg': 'image/svg+xml',
    '.woff2': 'font/woff2',
    '.woff': 'font/woff',
  };
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x/').pathname);
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"bench: no API"}');
      return;
    }
    const file = path.join(dist, pathname);
    if (file.startsWith(dist + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
      fs.createReadStream(file).pipe(res);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end(indexHtml);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function measureInBrowser() {
  const { chromium } = await import('playwright-core');
  const server = externalUrl ? undefined : await serveDist();
  const base = externalUrl ?? `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 60_000,
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const pending = [];
    page.on('response', (response) => {
      const request = response.request();
      const isJs = request.resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(response.url()).pathname);
      if (!isJs || !response.ok()) return;
      pending.push(
        response.body().then((body) => ({ url: new URL(response.url()).pathname, raw: body.length, gzip: gz(body) })),
      );
    });
    await page.goto(`${base}/login`, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.locator('input[type=password]').waitFor({ timeout: 30_000 });
    const files = await Promise.all(pending);
    const unique = [...new Map(files.map((f) => [f.url, f])).values()].sort((a, b) => b.gzip - a.gzip);
    return { base, path: new URL(page.url()).pathname, files: unique };
  } finally {
    await browser.close();
    server?.close();
  }
}

let browserResult;
if (fs.existsSync(chromiumPath)) {
  browserResult = await measureInBrowser();
} else {
  console.error(`Chromium not found at ${chromiumPath}: reporting the static chunk graph only.`);
}

const browserGz = browserResult ? browserResult.files.reduce((a, f) => a + f.gzip, 0) : undefined;
const figure = browserGz ?? staticLoginGz;
const summary = {
  loginFirstLoadJsGzipKb: Number(kb(figure)),
  method: browserResult ? 'chromium' : 'static-graph',
  budgetKb,
  staticEntryGzipKb: Number(kb(staticEntryGz)),
  staticEntryPlusLoginGzipKb: Number(kb(staticLoginGz)),
  files: browserResult?.files.map((f) => ({ url: f.url, rawKb: Number(kb(f.raw)), gzipKb: Number(kb(f.gzip)) })),
};

if (asJson) {
  console.log(JSON.stringify(summary, null, 2));
} else {
  if (browserResult) {
    console.log(`JavaScript requested by Chromium for ${browserResult.path} (${browserResult.base}):`);
    for (const f of browserResult.files)
      console.log(`  ${f.url.padEnd(48)} ${kb(f.raw).padStart(8)} kB  gzip ${kb(f.gzip).padStart(7)} kB`);
    console.log(`  ${browserResult.files.length} files`);
  }
  console.log(
    `Static: index.html entry + modulepreload (+ static imports): ${kb(staticEntryGz)} kB gzip; with the login chunk graph: ${kb(staticLoginGz)} kB gzip`,
  );
  console.log(`Login page first-load JS (gzip, ${summary.method}): ${kb(figure)} kB (budget ${budgetKb} kB)`);
}
if (figure / 1000 > budgetKb) {
  console.error(`Over budget: ${kb(figure)} kB > ${budgetKb} kB`);
  process.exit(1);
}
