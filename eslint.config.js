// Lint guards the shape of the code as much as its correctness: the layer rules below are the
// architecture (docs/architecture.md) written so that a wrong import fails `npm test`.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = [
  'account',
  'application',
  'auth',
  'certificate',
  'help',
  'history',
  'home',
  'notifications',
  'officer',
  'outbox',
  'payment',
  'pickup',
  'reapply',
  'registration',
  'verify',
];

/** Routes compose features; a feature never reaches into another one. */
const featureZones = FEATURES.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message: 'Features do not import each other: compose them in a route (src/routes).',
}));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'dev-dist/**',
      'coverage/**',
      'data/**',
      'node_modules/**',
      'public/**',
      'src/routeTree.gen.ts',
      'locales/*.ts',
      'test-results/**',
      'playwright-report/**',
      'bench/out/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'sw/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'no-console': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': ['error', { 'prefer-inline': true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            {
              target: ['./src/lib', './src/components'],
              from: './src/features',
              message: 'lib/ and components/ are shared plumbing: they import no feature.',
            },
            {
              target: ['./src/lib', './src/components', './src/features'],
              from: './src/routes',
              message: 'Only the router imports route files.',
            },
            { target: './sw', from: './src/features', message: 'The service worker imports no feature.' },
            { target: ['./src', './sw'], from: './server', message: 'The app never imports the server.' },
            { target: './server', from: ['./src', './sw'], message: 'The server never imports the app.' },
            {
              target: './contract',
              from: ['./src', './sw', './server'],
              message: 'contract/ is shared by both sides and imports neither.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Every IndexedDB database is named in src/lib/device-stores.ts and opened through it, so
    // sign-out and the docs know every place a citizen's data can be.
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    ignores: ['src/lib/device-stores.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'idb-keyval',
              importNames: ['createStore'],
              message: 'Name the store in src/lib/device-stores.ts and open it with deviceStore().',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'indexedDB',
          property: 'open',
          message: 'Open stores with deviceStore() (src/lib/device-stores.ts).',
        },
      ],
    },
  },
  {
    // Routes check requests and shape answers; every query lives in a service (docs/architecture.md#layers).
    files: ['server/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'Query the database in a service (server/services/).' }],
          patterns: [{ group: ['**/db/schema'], message: 'Query the database in a service (server/services/).' }],
        },
      ],
      // A route's body, params and query are typed from its valibot schemas (TypedApp): a cast would
      // hide a schema that no longer says what the handler reads.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "TSAsExpression > MemberExpression.expression[object.name='req'][property.name=/^(body|params|query)$/]",
          message: 'Type the route with TypedApp and its schemas instead of casting the request.',
        },
      ],
    },
  },
  {
    // The card reader's patterns are classes of Lao vowel signs and tone marks on purpose: each
    // combining mark is matched alone, never as part of a letter.
    files: ['src/features/registration/ocr/**'],
    rules: { 'no-misleading-character-class': 'off' },
  },
  prettier,
);
