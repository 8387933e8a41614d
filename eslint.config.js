import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-e2e',
      'dev-dist',
      'node_modules',
      'test-results',
      'playwright-report',
      'reports',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'separate-type-imports' },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'xrpl',
              message: 'Ledger work belongs to the worker; use `import type` only.',
              allowTypeImports: true,
            },
            { name: 'valtio', message: 'Import valtio only inside src/app/state.' },
            { name: 'valtio/utils', message: 'Import valtio only inside src/app/state.' },
            {
              name: 'dexie',
              message: 'Read IndexedDB through src/db with useLiveQuery.',
              allowTypeImports: true,
            },
          ],
          patterns: [
            {
              group: ['ripple-*'],
              message: 'Ledger work belongs to the worker.',
              allowTypeImports: true,
            },
            {
              // The worker is the only writer of IndexedDB; the app observes it with useLiveQuery
              // through the read-only queries module (and may use the row types).
              // (Listed by entry: a directory excluded with `**` could not be re-included below it.)
              group: ['**/db/*', '!**/db/queries', '!**/db/types', '!**/db/types.ts'],
              message:
                'The app reads IndexedDB only through src/db/queries/ (useLiveQuery); only the worker writes.',
              allowTypeImports: true,
            },
            {
              group: ['**/worker/*', '**/worker/**', '!**/worker/api*'],
              message:
                'The app talks to the worker only through src/app/engine.ts and the EngineApi types.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/app/state/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'xrpl', message: 'No ledger code in the UI.', allowTypeImports: true }] },
      ],
    },
  },
)
