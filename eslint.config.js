import path from 'node:path'
import js from '@eslint/js'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** What each layer may not import: imports point down, routes → components → models → integrations → db → lib (app/models/README.md). */
const LAYERS = [
  { target: './app/jobs', from: ['./app/components', './app/routes'] },
  { target: './app/components', from: ['./app/routes', './app/root.tsx', './app/jobs'] },
  { target: './app/models', from: ['./app/components', './app/routes', './app/root.tsx', './app/jobs'] },
  { target: './app/integrations', from: ['./app/models', './app/components', './app/routes', './app/jobs'] },
  {
    target: './app/db',
    from: ['./app/integrations', './app/models', './app/components', './app/routes', './app/jobs'],
  },
  {
    target: './app/lib',
    from: ['./app/db', './app/integrations', './app/models', './app/components', './app/routes', './app/jobs'],
  },
].map((zone) => ({
  ...zone,
  message: `${zone.target.slice(2)} may not import this: imports point down (routes → components → models → integrations → db → lib; app/models/README.md).`,
}))

/**
 * Lint for correctness, not style: Prettier owns the layout (`npm run format`), so nothing
 * here argues about spaces or quotes.
 */
export default tseslint.config(
  {
    ignores: [
      'build/**',
      'build-*/**',
      'node_modules/**',
      'data/**',
      'public/**',
      'bench/.data/**',
      'tests/.tmp/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX },
    // `~/` resolves as tsconfig.json says, so the layer rule below sees where an import lands.
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          tsconfig: { configFile: path.join(import.meta.dirname, 'tsconfig.json') },
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-duplicates': ['error', { 'prefer-inline': true }],
      // Links come from app/components/ui/link.tsx, which renders them cheaper on the server.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@remix-run/react',
              importNames: ['Link'],
              message: "Import Link from '~/components/ui/link' (docs/decisions/028-work-done-once.md).",
            },
          ],
        },
      ],
      'import-x/first': 'error',
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index'], 'type'],
          pathGroups: [{ pattern: '~/**', group: 'internal' }],
          pathGroupsExcludedImportTypes: ['builtin'],
          alphabetize: { order: 'asc', caseInsensitive: true },
          'newlines-between': 'never',
        },
      ],
    },
  },
  {
    // Tests are no layer: a test may reach any of them to check one.
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: LAYERS }] },
  },
  {
    files: ['**/*.tsx'],
    ...react.configs.flat.recommended,
    ...react.configs.flat['jsx-runtime'],
    languageOptions: { ...react.configs.flat.recommended.languageOptions },
    settings: { react: { version: 'detect' } },
    plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat['jsx-runtime'].rules,
      // The rules of hooks themselves; the plugin's React Compiler advice does not apply (no compiler here).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // Our labels wrap their control and its text a few elements deep (choice cards).
      'jsx-a11y/label-has-associated-control': ['error', { assert: 'either', depth: 3 }],
      // Types say what props are; PropTypes would say it twice.
      'react/prop-types': 'off',
    },
  },
  {
    // The one place Remix's Link is used directly.
    files: ['app/components/ui/link.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Plain-JS server files and scripts run in Node only.
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
)
