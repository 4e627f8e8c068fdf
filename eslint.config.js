import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
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
