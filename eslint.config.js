import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import architecture from './eslint-rules/import-zones.js';

const FEATURES = 'apps/web/src/features';

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
