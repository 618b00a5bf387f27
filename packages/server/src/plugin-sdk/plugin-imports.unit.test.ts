import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The ESLint rule of eslint.config.js that keeps a plugin to its SDK (docs/plugins.md, Imports):
 * fires on anything else, stays quiet on what is allowed.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: root });

async function ruleHits(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'zaplecze/plugin-imports').map((m) => m.message);
}

describe('the plugin import rule', () => {
  it("refuses the server's internals, other packages and another plugin's files", async () => {
    const file = 'plugins-fixtures/fixture-base/server/example.ts';
    for (const source of [
      '../../../packages/server/src/db/tenant',
      '@server/db/tenant',
      'kysely',
      'node:fs',
      '../../fixture-dependent/manifest',
    ]) {
      expect(await ruleHits(`import '${source}';\n`, file), source).toHaveLength(1);
    }
    expect(await ruleHits(`export * from 'pg';\n`, 'plugins/some-plugin/server/index.ts')).toHaveLength(1);
    expect(await ruleHits(`export const load = () => import('fastify');\n`, file)).toHaveLength(1);
  });

  it("allows the SDKs, the contract, zod, React and the plugin's own files", async () => {
    const code = [
      "import '@zaplecze/plugin-sdk';",
      "import '@zaplecze/plugin-sdk-web';",
      "import '@zaplecze/contract';",
      "import 'zod';",
      "import 'react';",
      "import '../manifest';",
      "import './notes';",
      '',
    ].join('\n');
    expect(await ruleHits(code, 'plugins-fixtures/fixture-base/server/example.ts')).toEqual([]);
    expect(await ruleHits("import './fixture-base/server';\n", 'plugins-fixtures/index.ts')).toEqual([]);
  });
});
