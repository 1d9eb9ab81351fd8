// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** The pure core: no IO, no clock, no parsing libraries (README "Layout"). */
const PURE_CORE = ['src/core/**/*.ts'];

export default tseslint.config(
  { ignores: ['dist/**', '.mutation/**', '.bench-out/**', 'node_modules/**', 'coverage/**', 'reports/**', 'test/.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['bin/**/*.js', 'scripts/**/*.mjs', 'test/fixtures/**/*.mjs', 'examples/**/*.mjs', 'eslint.config.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' } },
  },
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: PURE_CORE,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'the pure core does no IO: move this to src/io or src/cli' },
            { group: ['yaml', 'commander', 'csv-stringify', 'cli-table3', 'fs', 'path', 'os', 'crypto', 'child_process'], message: 'the pure core imports no parsing, CLI or IO library' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'Date', message: 'the pure core never reads a clock: take time as an argument' },
        { name: 'process', message: 'the pure core never reads the environment' },
        { name: 'console', message: 'the pure core does not log' },
      ],
    },
  },
);
