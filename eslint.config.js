import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import architecture from './eslint-rules/import-zones.js';

const FEATURES = 'apps/web/src/features';

const SERVER = 'apps/server/src';

/**
 * Which API modules may import which (`modules/<a>` → `modules/<b>`), each with its reason. Any
 * other module-to-module import fails the lint: compose modules in app.ts, or move what two of
 * them share below them (lib/, the robot, the reader). A module not listed imports no other.
 */
export const MODULE_IMPORTS = {
  auth: { bots: 'registering an account claims its first bot (verification code, free trial)' },
  'buy-robot': { bots: "a payment extends the account's bots" },
  'global-params': {
    auth: "the Real switch asks for the account's password",
    brokers: 'the Real switch needs the login stored for the broker',
  },
  inbox: { channels: 'the caller’s bot as the channels module reads it (ownBot)' },
  phone: { channels: 'the caller’s bot as the channels module reads it (ownBot)' },
  reader: { channels: 'the caller’s bot as the channels module reads it (ownBot)' },
  signals: { channels: 'the caller’s bot as the channels module reads it (ownBot)' },
  'meta-copy': { 'copy-trader': 'MetaCopy follows are copy-trading follows of another product' },
  'panel-config': { brokers: 'whether "Conectar Deriv" (the OAuth client) is configured' },
  'telegram-bot': {
    'bot-commands': "the chat's command menu queues bot commands",
    bots: "a deep link's start token verifies a bot",
  },
};

/** The server's floors (docs/architecture.md "Zones"): each imports only from below. */
function serverLayers() {
  const modules = readdirSync(`${SERVER}/modules`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => name);
  return [
    {
      target: `${SERVER}/lib`,
      from: SERVER,
      except: [`${SERVER}/lib`, `${SERVER}/db`],
      message:
        'lib/ is the ground floor of the server: it imports only db/ and packages, never plugins/, modules/, the robot or the reader.',
    },
    {
      target: `${SERVER}/plugins`,
      from: `${SERVER}/modules`,
      message:
        'plugins/ sits below the API modules: declare the handle it needs as its own interface (plugins/context.ts) and let the module implement it.',
    },
    ...['robot', 'reader', 'payments'].map((folder) => ({
      target: `${SERVER}/${folder}`,
      from: `${SERVER}/plugins`,
      message: `${folder}/ runs without Fastify (the worker hosts it too): it takes its own deps, never the app's plugins/.`,
    })),
    ...['reader', 'payments'].map((folder) => ({
      target: `${SERVER}/${folder}`,
      from: `${SERVER}/modules`,
      message: `${folder}/ sits below the API modules: a module may import it, never the reverse.`,
    })),
    ...modules.map((name) => {
      const allowed = Object.keys(MODULE_IMPORTS[name] ?? {});
      return {
        target: `${SERVER}/modules/${name}`,
        from: `${SERVER}/modules`,
        except: [name, ...allowed].map((other) => `${SERVER}/modules/${other}`),
        message: `modules/${name} may import ${allowed.length ? `only ${allowed.map((other) => `modules/${other}`).join(', ')}` : 'no other module'} (MODULE_IMPORTS in eslint.config.js): compose modules in app.ts or move the shared part below them.`,
      };
    }),
  ];
}

/** The import boundaries of DESIGN §2 and STYLE rule 2 (resolved by `eslint-rules/import-zones.js`). */
const zones = [
  ...readdirSync(FEATURES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `${FEATURES}/${name}`,
      from: FEATURES,
      except: [`${FEATURES}/${name}`],
      message: 'A feature never imports another feature: compose them in app/routes.tsx.',
    })),
  { target: 'packages', from: 'apps', message: 'Packages never import apps.' },
  {
    target: 'packages/contract',
    from: 'packages',
    except: ['packages/contract'],
    message: 'The contract imports nothing of ours.',
  },
  {
    target: 'packages/robot',
    from: 'packages',
    except: ['packages/robot', 'packages/contract'],
    message: 'The robot imports nothing of ours but the contract.',
  },
  { target: 'apps/server', from: 'apps/web', message: 'The server never imports the panel.' },
  {
    target: 'apps/server/src/robot',
    from: 'apps/server/src/modules',
    message:
      'The robot runtime sits below the API modules: it reads the tables itself (robot/settings/), a module may import the robot, never the reverse.',
  },
  ...serverLayers(),
  { target: 'apps/web', from: 'apps/server', message: 'The panel never imports the server.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        // One TypeScript service for every project's tsconfig; the root config files belong to none.
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { architecture },
    rules: {
      'architecture/import-zones': ['error', { zones }],
      // Type-checked rules that catch bugs, not style: a lost promise, a wrong `await`, a switch
      // that forgets a value. (The whole recommendedTypeChecked set would fight our test idioms,
      // e.g. reading `res.json()` as `any`, without finding more bugs.)
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // React's act() returns a thenable even for synchronous work (fake timers).
          allowForKnownSafeCalls: [{ from: 'package', name: 'act', package: 'react' }],
        },
      ],
      // Fastify and React accept promise-returning handlers where void is typed.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/no-implied-eval': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      '@typescript-eslint/restrict-plus-operands': 'error',
      '@typescript-eslint/no-array-delete': 'error',
      '@typescript-eslint/no-duplicate-type-constituents': 'error',
      '@typescript-eslint/no-redundant-type-constituents': 'error',
      '@typescript-eslint/return-await': ['error', 'error-handling-correctness-only'],
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // No import cycle in the server: layers (modules → robot → db, lib) only point down. Our own
    // imports carry their `.ts` extension, so the plain Node resolution finds every file.
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The runtime is cut by job (decide/, orders/, copy/, ledger/, real-money/…): a file past 300
    // lines holds two jobs. Tests are scenario lists and may run longer.
    files: ['apps/server/src/robot/**/*.ts'],
    ignores: ['apps/server/src/robot/**/*.test.ts'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    // Plain JavaScript (scripts, this file) is outside every tsconfig: no type-checked rules.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The robot is a pure library: time, randomness and I/O come in as arguments (DESIGN §7).
    files: ['packages/robot/src/**/*.ts'],
    ignores: ['packages/robot/src/cli/**', 'packages/robot/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'The robot takes time as an argument.' },
        {
          object: 'Math',
          property: 'random',
          message: 'The robot is deterministic: use a seeded generator.',
        },
        { object: 'performance', property: 'now', message: 'The robot takes time as an argument.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'The robot takes time as an argument.',
        },
      ],
      'no-restricted-globals': [
        'error',
        'fetch',
        'process',
        'setTimeout',
        'setInterval',
        'localStorage',
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'node:*',
                'fs',
                'fs/*',
                'http',
                'https',
                'net',
                'child_process',
                'os',
                'path',
              ],
              message: 'The robot does no I/O.',
            },
          ],
        },
      ],
    },
  },
);
