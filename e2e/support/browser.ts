import fs from 'node:fs';
import { chromium, type Browser, type BrowserServer } from 'playwright-core';
import { CHROMIUM_PATH } from './paths';

/**
 * Debian Chromium as root in a closed network (docs/decisions.md, Browser tests): no sandbox, no
 * GPU, no background networking, plus one flag for printing (see its comment). Playwright itself
 * adds a fresh `--user-data-dir` (a new temporary profile it deletes on close) and refuses one in
 * `args`, so every launch starts from an empty profile.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Headless Chromium cannot print a PDF: print() on a frame showing a PDF makes its viewer ask for
  // print preview, which headless mode's print manager treats as a bad IPC message, and the browser
  // kills the page's renderer ("Terminating render process for bad Mojo message: Headless Print
  // Manager: Unexpected Print Manager call") about half a second later: "Page crashed" in whatever
  // step runs then. A full Chromium opens the print preview of the same frame normally, so this is
  // a limit of the test browser, not of the app. Without print preview, scripted print goes the
  // plain way, which headless answers with "not supported" and nothing else (the dialog is a no-op
  // here anyway).
  '--disable-print-preview',
];

function checkChromium(): void {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
}

const LAUNCH = { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, timeout: 60_000 };

/** Debian's Chromium; browsers are never downloaded. */
export async function launchChromium(): Promise<Browser> {
  checkChromium();
  return chromium.launch(LAUNCH);
}

/**
 * The same Chromium, launched once to serve several processes: they connect to its WebSocket
 * address (connectChromium) and each gets its own connection; closing one connection closes only
 * the contexts it made.
 */
export async function launchChromiumServer(): Promise<BrowserServer> {
  checkChromium();
  return chromium.launchServer(LAUNCH);
}

/** Connects to a Chromium started by launchChromiumServer. */
export function connectChromium(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint, { timeout: 60_000 });
}
