#!/usr/bin/env node
// `npm test`: one vitest run over every project (see vitest.config.ts), loud notices for the
// parts that cannot run on this machine, and one summary line computed from the JSON report.
// Extra arguments go to vitest, e.g. `npm test -- --project unit`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const requireE2e = process.env.REQUIRE_E2E === '1';
const reportFile = path.join(root, 'test-results', 'vitest.json');

/** Notices are printed before the run and again above the summary, where nobody misses them. */
const notices = [];
function loud(lines) {
  const bar = '!'.repeat(78);
  const text = `\n${bar}\n${lines.map((l) => `!!  ${l}`).join('\n')}\n${bar}\n`;
  notices.push(text);
  console.log(text);
}

if (!process.env.TEST_DATABASE_URL) {
  loud([
    'TEST_DATABASE_URL is not set: PostgreSQL part skipped.',
    'The API suite runs on SQLite only. To run it on PostgreSQL too:',
    '  TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test',
  ]);
}
if (!fs.existsSync(chromium)) {
  if (requireE2e) {
    loud([`REQUIRE_E2E=1 but Chromium is missing (${chromium}).`, 'Install it: apt-get install -y chromium']);
    process.exit(1);
  }
  loud([
    `Chromium not found at ${chromium}: browser (e2e) tests skipped.`,
    'Install it with: apt-get install -y chromium   (CI sets REQUIRE_E2E=1 and never skips)',
  ]);
}

fs.mkdirSync(path.dirname(reportFile), { recursive: true });
fs.rmSync(reportFile, { force: true });

const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const args = [
  vitest,
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reportFile}`,
  ...process.argv.slice(2),
];
const started = Date.now();
const run = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env });
const seconds = ((Date.now() - started) / 1000).toFixed(1);

let passed = 0;
let failed = 0;
let skipped = 0;
let suiteFailures = 0;
if (fs.existsSync(reportFile)) {
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  passed = report.numPassedTests ?? 0;
  failed = report.numFailedTests ?? 0;
  skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A file that fails to load has no failed test but a failed suite.
  suiteFailures = (report.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
} else {
  console.error(`No JSON report at ${path.relative(root, reportFile)}: vitest did not finish.`);
}

for (const text of notices) console.log(text);
if (suiteFailures > 0)
  console.log(`${suiteFailures} test file(s) failed outside any test (load or hook error): see above.`);
console.log(`\n(${seconds} s)`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
const ok = run.status === 0 && failed === 0 && suiteFailures === 0 && fs.existsSync(reportFile);
process.exit(ok ? 0 : run.status || 1);
