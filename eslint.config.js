import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-e2e',
      'dist-start',
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
      // A contract's interface is named from its declaration: `interface WalletApi extends Api<…> {}`.
      '@typescript-eslint/no-empty-object-type': [
        'error',
        { allowInterfaces: 'with-single-extends' },
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
      '@typescript-eslint/no-restricted-imports': ['error', appImports(true)],
    },
  },
  {
    // The same guards where valtio lives: src/app/state (what several tabs share) and each tab's own
    // `…State.ts` beside its views. (A block for these files replaces the rule's options of the block
    // above: they must be repeated, not left out.)
    files: ['src/app/state/**/*.{ts,tsx}', 'src/app/*/*State.ts', 'src/app/*/*/*State.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', appImports(false)],
    },
  },
  // Each tab keeps to its own folder: what two tabs need lives in src/app/state (shared state) or
  // the shared view folders, and a job's end reaches other tabs as one event (state/jobEvents.ts).
  ...appTabs(),
  // The app's shared rooms stand below the tabs and the shell: state/ below collection/ and
  // wallets/, which do not read each other.
  ...appRooms(),
  // The worker's layers point one way: ledger/ (the floor) below network/ (the connection) below
  // jobs/ (the generic runner) below the capability rooms, none of which reads another's internals.
  ...workerLayers(),
  {
    // A file says one thing: past 300 lines it says several (a data table would be the exception,
    // named here by an `ignores`).
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  {
    // The contract points one way: the worker's API imports the row types, never the reverse.
    files: ['src/db/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/worker/*', '**/worker/**', '**/app/*', '**/app/**'],
              message: 'src/db stands below the worker and the app: move shared types into src/db.',
            },
          ],
        },
      ],
    },
  },
)

/** Import patterns of these worker folders (relative imports name the folder). */
function folders(names) {
  return names.flatMap((name) => [`**/${name}/*`, `**/${name}/**`])
}

/** Two lint blocks per tab of the app (its views, its state): the app's guards, and no other tab. */
function appTabs() {
  const TABS = ['airdrop', 'orders', 'listing', 'burn', 'mint']
  return TABS.flatMap((tab) => {
    const others = {
      group: folders(TABS.filter((other) => other !== tab)),
      message: `A tab does not read another tab's code: share it through src/app/state or src/app/ui.`,
    }
    const guards = (noValtio) => {
      const base = appImports(noValtio)
      return ['error', { ...base, patterns: [...base.patterns, others] }]
    }
    return [
      {
        files: [`src/app/${tab}/**/*.{ts,tsx}`],
        rules: { '@typescript-eslint/no-restricted-imports': guards(true) },
      },
      {
        files: [`src/app/${tab}/**/*State.ts`],
        rules: { '@typescript-eslint/no-restricted-imports': guards(false) },
      },
    ]
  })
}

/** The app's shared rooms: what each may not import (besides the app's guards). */
function appRooms() {
  const TABS = ['airdrop', 'orders', 'listing', 'burn', 'mint']
  const rooms = {
    state: ['collection', 'wallets', 'jobs', 'shell', ...TABS],
    collection: ['wallets', 'jobs', 'shell', ...TABS],
    jobs: ['collection', 'wallets', 'shell', ...TABS],
    wallets: ['collection', 'shell', ...TABS],
  }
  return Object.entries(rooms).flatMap(([room, forbidden]) => {
    const rule = (noValtio) => {
      const base = appImports(noValtio)
      const above = {
        group: folders(forbidden),
        message: `src/app/${room} stands below ${forbidden.join(', ')}: move what both need down.`,
      }
      return {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          { ...base, patterns: [...base.patterns, above] },
        ],
      }
    }
    return room === 'state'
      ? [{ files: ['src/app/state/**/*.{ts,tsx}'], rules: rule(false) }]
      : [
          { files: [`src/app/${room}/**/*.{ts,tsx}`], rules: rule(true) },
          { files: [`src/app/${room}/**/*State.ts`], rules: rule(false) },
        ]
  })
}

/** One lint block per worker layer and capability room: what it may not import. */
function workerLayers() {
  // The capability rooms (docs/architecture.md §1, §4).
  const ROOMS = ['airdrop', 'orders', 'listing', 'burn', 'collection', 'wallet', 'mint']
  const rule = (forbidden, message) => ({
    '@typescript-eslint/no-restricted-imports': [
      'error',
      { patterns: [{ group: folders(forbidden), message }] },
    ],
  })
  const below = 'The worker points one way: ledger/ < network/ < jobs/ < the capability rooms.'
  return [
    { files: ['src/worker/ledger/**/*.ts'], rules: rule(['network', 'jobs', ...ROOMS], below) },
    { files: ['src/worker/network/**/*.ts'], rules: rule(['jobs', ...ROOMS], below) },
    { files: ['src/worker/jobs/**/*.ts'], rules: rule(ROOMS, below) },
    ...ROOMS.map((room) => ({
      files: [`src/worker/${room}/**/*.ts`],
      rules: rule(
        ROOMS.filter((other) => other !== room),
        `A capability does not read another's internals: move what both need into ledger/ (or jobs/).`,
      ),
    })),
  ]
}

/**
 * What src/app may import: no ledger code, IndexedDB only through src/db/queries, the worker only
 * through src/app/engine.ts and the EngineApi types; valtio only in state modules.
 *
 * @param noValtio - forbid valtio (everywhere in src/app but src/app/state and the tabs' …State.ts).
 */
function appImports(noValtio) {
  const valtio = [
    { name: 'valtio', message: 'Import valtio only in src/app/state or a tab’s …State.ts.' },
    { name: 'valtio/utils', message: 'Import valtio only in src/app/state or a tab’s …State.ts.' },
  ]
  return {
    paths: [
      {
        name: 'xrpl',
        message: 'Ledger work belongs to the worker; use `import type` only.',
        allowTypeImports: true,
      },
      ...(noValtio ? valtio : []),
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
        group: ['**/db/*', '!**/db/queries', '!**/db/types'],
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
  }
}
