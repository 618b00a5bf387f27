import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The product corrects the obvious misspellings of the rules' Polish texts instead of copying them
 * (docs/rules/README.md, corrections): none of them may come back into a text the user sees.
 */
const MISSPELLINGS = [/użytkowanika/, /Zapisowano/, /napewno/i, /Pojedyńcze/, /dodac\b/];

const packages = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) && full !== fileURLToPath(import.meta.url) ? [full] : [];
  });
}

describe('Polish texts', () => {
  it('carry none of the corrected misspellings', () => {
    const found: string[] = [];
    for (const pkg of ['contract', 'server', 'web']) {
      for (const file of sourceFiles(path.join(packages, pkg, 'src'))) {
        const text = fs.readFileSync(file, 'utf8');
        for (const bad of MISSPELLINGS) if (bad.test(text)) found.push(`${path.relative(packages, file)}: ${bad}`);
      }
    }
    expect(found).toEqual([]);
  });
});
