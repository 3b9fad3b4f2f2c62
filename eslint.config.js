import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layers } from './eslint.layers.js';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'apps/server/src/db/migrations/**', 'test-results/**', 'playwright-report/**', 'data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Every JSON text is read through a schema (ADR 044): readJson, or schema.parse(JSON.parse(text)).
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression > CallExpression.expression[callee.object.name='JSON'][callee.property.name='parse']",
          message: 'Read JSON through a schema (readJson from @rv/contracts/json, or schema.parse), never JSON.parse(...) as T.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // A component a newcomer can read in one go: past this, its logic goes into a hook and its parts into smaller components.
    files: ['apps/web/src/**/*.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Dates go through lib/dates.ts (date-fns): a page's first Intl object holds the main thread 45-110 ms
    // (docs/architecture/web.md). The shop reads the browser's time zone, the one thing only Intl says.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/features/shop/browser-store-country.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Intl', property: 'DateTimeFormat', message: 'Format dates with lib/dates.ts (date-fns), not Intl.DateTimeFormat.' },
      ],
    },
  },
  {
    // Only the configuration module reads the environment (and tests, scripts, benches set it up).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config/env.ts', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through config/env.ts.' }],
    },
  },
  // The layer map (ARCHITECTURE.md, 'Layers') and the test-only boundary.
  ...layers,
);
