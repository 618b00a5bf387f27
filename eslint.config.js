// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Layers point one way: features use ui/, never the reverse, so a shared block never drags a
    // feature (and its texts and requests) into another feature's chunk. ui/ may use the app's
    // infrastructure (api, auth, toasts, modals, i18n) but not the shell or the route table.
    files: ['packages/web/src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@web/features', '@web/features/**', '**/features/**'],
              message: 'ui/ must not import features/: pass the behaviour in or move it to app/ or ui/.',
            },
            {
              group: ['@web/app/shell/**', '@web/app/router', '@web/app/router.tsx', '**/app/shell/**'],
              message: 'ui/ must not import the app shell or the route table.',
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
