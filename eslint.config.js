// @ts-check
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));

/** What a plugin may import besides its own files (docs/plugins.md, Imports). */
const PLUGIN_PACKAGES =
  /^(@zaplecze\/plugin-sdk|@zaplecze\/plugin-sdk-web|@zaplecze\/contract|zod|react|react-dom)(\/|$)/;

/**
 * A plugin (`plugins/<id>/`, `plugins-fixtures/<id>/`) imports only the SDKs, the contract, zod,
 * React and its own files: a relative import that leaves the plugin's folder is refused as well as
 * any other package. The lists (`plugins/index.ts`) may import the plugins under them.
 * @type {import('eslint').Rule.RuleModule}
 */
const pluginImportsRule = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { bad: '{{source}}: a plugin imports only {{allowed}} and its own files.' },
  },
  create(context) {
    const file = path.resolve(context.filename);
    const parts = path.relative(repoRoot, file).split(path.sep);
    // plugins/<id>/... : the plugin's folder; plugins/index.ts: the list's folder.
    const own = path.join(repoRoot, ...parts.slice(0, parts.length > 2 ? 2 : 1));
    const check = (/** @type {any} */ node) => {
      const source = node?.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined;
      if (source === undefined) return;
      const ok = source.startsWith('.')
        ? (path.resolve(path.dirname(file), source) + path.sep).startsWith(own + path.sep)
        : PLUGIN_PACKAGES.test(source);
      if (!ok)
        context.report({
          node,
          messageId: 'bad',
          data: { source, allowed: '@zaplecze/plugin-sdk, @zaplecze/plugin-sdk-web, @zaplecze/contract, zod, react' },
        });
    };
    return {
      ImportDeclaration: (n) => check(n.source),
      ExportNamedDeclaration: (n) => check(n.source),
      ExportAllDeclaration: (n) => check(n.source),
      ImportExpression: (n) => check(n.source),
    };
  },
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', 'coverage/**', 'test-results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-expect-error': 'allow-with-description' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  // Layers point one way (docs/ARCHITECTURE.md): the platform and the database layer know no module,
  // and a module reaches another only through that module's face (its index.ts).
  {
    files: ['packages/server/src/platform/**/*.ts', 'packages/server/src/db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)modules(/|$)', message: 'platform/ and db/ import no module: invert it.' }] },
      ],
    },
  },
  {
    files: ['packages/server/src/modules/*/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[a-z][a-z-]*/.+',
              message: "Import another module through its face: '../<module>' (its index.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/src/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\./modules/[a-z][a-z-]*/.+',
              message: "Import a module through its face: './modules/<module>'.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['plugins/**/*.{ts,tsx}', 'plugins-fixtures/**/*.{ts,tsx}'],
    // Tests, and the fakes of outside services the tests start (plugins/<id>/test/), are no part of a plugin.
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'plugins/*/test/**'],
    plugins: { zaplecze: { rules: { 'plugin-imports': pluginImportsRule } } },
    rules: { 'zaplecze/plugin-imports': 'error' },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Layers point one way (docs/ARCHITECTURE.md, web): app/ (router and shell) on top; features/
    // below it; then data/ (queries several features share), ui/ (shared blocks) and platform/
    // (api, auth, toasts, modals, app-wide texts); i18n/ at the bottom. A layer imports only those
    // under it, so a shared block never drags a feature (its texts and requests) into another
    // feature's chunk, and nothing but the route table knows the features.
    files: ['packages/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@web/app', '@web/app/**', '**/app/**'],
              message: 'features/ must not import app/ (the router and shell sit on top).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/src/{ui,data,platform,extensions}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@web/features', '@web/features/**', '**/features/**'],
              message:
                'ui/, data/ and platform/ must not import features/: pass the behaviour in, or move what several features share to data/ or ui/.',
            },
            {
              group: ['@web/app', '@web/app/**', '**/app/**'],
              message: 'ui/, data/ and platform/ must not import the app shell or the route table.',
            },
          ],
        },
      ],
    },
  },
  {
    // The app shell and the i18n core are in the first load (the login page's budget): a static
    // import of a feature would pull the feature and its texts into it. Pages load with import().
    files: ['packages/web/src/app/**/*.{ts,tsx}', 'packages/web/src/i18n/**/*.{ts,tsx}', 'packages/web/src/main.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@web/features', '@web/features/**', '**/features/**'],
              message: 'app/ and i18n/ load features lazily (import() in the route table), never statically.',
            },
          ],
        },
      ],
    },
  },
);
