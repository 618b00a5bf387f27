import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_PATH } from './paths';

/**
 * Flags from STACK.md. Playwright itself adds a fresh `--user-data-dir` (a new temporary profile
 * it deletes on close) and refuses one in `args`, so every launch starts from an empty profile.
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
];

/** Debian's Chromium; browsers are never downloaded. */
export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, timeout: 60_000 });
}
