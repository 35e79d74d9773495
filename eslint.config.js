// One lint setup for the whole repository (CONVENTIONS.md rules 1, 2, 6, 7).
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// Every folder under features/ is an island, including ones added later.
const webFeatures = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/data/**',
      '**/.turbo/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'packages/audio-engine/assembly/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    // Resolve imports the way TypeScript does (`.js` specifiers to `.ts` sources, the `source`
    // export condition), so no-cycle and the islands rule see every edge.
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          conditionNames: ['source', 'types', 'import', 'default'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'error',
      'no-console': 'off',
      // No source file over 400 lines (CONVENTIONS.md): split by stage or concern instead.
      'max-lines': ['error', { max: 400 }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Features are islands: a feature never imports another feature (CONVENTIONS.md rule 1).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
            })),
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            // The layers below features (rule 2): shared UI, lib and the API resources under
            // lib/api/<resource>/ serve every feature and import none of them.
            {
              target: ['./apps/web/src/components', './apps/web/src/lib'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'components/ and lib/ (lib/api included) sit below features and routes.',
            },
          ],
        },
      ],
      // Config at the edge (rule 7): only config/env.ts reads the environment.
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
          message: 'Read configuration from src/config/env.ts',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/config/env.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  // One home per endpoint (rule 2): only lib/api/<resource>/ talks to the API; everything else
  // uses its fetchers, query options and hooks (lib/api/one-home-per-endpoint.test.ts counts them).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/api/**', 'apps/web/src/lib/api-*.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api-client.ts', '**/api-upload.ts'],
              importNames: ['apiRequest', 'apiDownload', 'apiUpload', 'authorization'],
              message: 'Call the API through lib/api/<resource>/ (one fetcher per endpoint).',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the API through lib/api/<resource>/ (one fetcher per endpoint).' },
        { name: 'XMLHttpRequest', message: 'Call the API through lib/api/<resource>/ (one fetcher per endpoint).' },
      ],
    },
  },
  {
    // The engine's WASM file is an asset, not an API call.
    files: ['apps/web/src/lib/audio/engine-wasm.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    // Test harnesses that start a real API process talk to it directly (they are not the app).
    files: ['apps/web/src/**/test/**/*.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/config/env.ts', 'apps/api/src/**/*.test.ts', 'apps/api/src/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from src/config/env.ts' },
      ],
    },
  },
);
