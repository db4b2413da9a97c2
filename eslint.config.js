import js from '@eslint/js';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The architecture (docs/architecture.md §1): imports flow app → features → services / components / lib / config /
// types; reader and admin features never import each other; only src/services talks to supabase-js; only the two env
// modules read the environment. Each zone says which folder may not import from which.
const SHARED_LAYERS = ['./src/components', './src/lib', './src/config', './src/services', './src/types'];
const layerZones = [
  { target: './src/features', from: './src/app', message: 'Features never import the app shell: move what both need down a layer.' },
  {
    target: SHARED_LAYERS,
    from: ['./src/features', './src/app', './src/render'],
    message: 'Shared layers (components, lib, config, services, types) never import features, the app or its rendering.',
  },
  // The rendering code (docs/architecture.md §2): it renders the app's routes; nothing it renders imports it back.
  {
    target: ['./src/features', './src/app'],
    from: './src/render',
    message: 'Routes and pages never import the rendering code: src/render renders them (main.tsx, edge/, server/ and scripts/ call it).',
  },
  {
    target: './src/render',
    from: './src/features/admin',
    message: 'The rendering code never reaches into the admin panel: it renders the reader’s pages through the router.',
  },
  {
    target: './src/features/reader',
    from: './src/features/admin',
    message: 'Reader features never import the admin panel (it would land in readers’ downloads); share through a lower layer.',
  },
  {
    target: './src/features/admin',
    from: './src/features/reader',
    message: 'Admin and reader features share code through components/, lib/ or services/.',
  },
  { target: './src', from: './local-supabase', message: 'The app never imports the local backend.' },
  {
    // Test support starts backends and creates databases: never part of what ships.
    target: ['./src/**/!(*.test).{ts,tsx}', './local-supabase/src/**/!(*.test).ts'],
    from: './tests',
    message: 'Production code never imports test support.',
  },
];

const READS_ENVIRONMENT = [
  {
    selector: "MemberExpression[object.meta.name='import'][property.name='env']",
    message: 'Only src/config/env.ts reads import.meta.env: import its parsed `env` instead.',
  },
  {
    selector: "MemberExpression[object.name='process'][property.name='env']",
    message: 'Only local-supabase/src/env.ts reads process.env: import its parsed values (env(), readEnv()) instead.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.local-supabase', 'e2e/artifacts', 'coverage'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
      // tsconfig.json is a solution file: each file is checked with the project (app, dom-test, node) that holds it.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      // import-x reads the imported modules itself to follow cycles: TypeScript through typescript-eslint's parser,
      // module paths resolved as Vite and tsc resolve them (explicit `.ts` or none).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      // React Router's idiom for a 404 from a loader is to throw a Response.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Response' }] }],
      // Type-only imports are erased, so they cannot form a cycle at run time and are not counted.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'no-restricted-syntax': ['error', ...READS_ENVIRONMENT],
    },
  },
  {
    // The environment's two readers, and code that never ships: the integration suites (they hand variables to child
    // processes), end-to-end support (which Chromium to drive) and scripts (benchmark sizes, child processes).
    files: ['src/config/env.ts', 'local-supabase/src/env.ts', 'tests/**', 'e2e/**', 'scripts/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Only the service layer talks to supabase-js (docs/architecture.md §1).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/services/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@supabase/*'], message: 'Only src/services/ may import supabase-js.' }] },
      ],
    },
  },
  {
    // The editor is the admin panel's: readers' downloads and the shared layers stay without it.
    files: ['src/features/reader/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@supabase/*'], message: 'Only src/services/ may import supabase-js.' },
            { group: ['@tiptap/*'], message: 'Reader code and shared layers must not import the editor.' },
          ],
        },
      ],
    },
  },
  {
    // The edge handler runs wherever a fetch handler runs (docs/decisions/0012): Web platform APIs only, and the
    // data through the service layer. So does the rendering code it calls (src/render).
    files: ['edge/**/*.ts', 'adapters/**/*.ts', 'src/render/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'The edge handler uses Web platform APIs only.' },
            { group: ['@supabase/*'], message: 'Only src/services/ may import supabase-js.' },
            // The request path has no DOM: stored HTML is sanitised there without one (docs/decisions/0050).
            { group: ['jsdom', 'dompurify'], message: 'No DOM on the request path: use src/lib/rich-text/sanitize-without-dom.ts.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/services/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@tiptap/*'], message: 'Services know nothing of the editor.' }] },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**', 'e2e/**', 'local-supabase/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Supabase's generator's output (`npm run gen:types`): its helpers name `keyof` of an empty Enums (never) in a union.
    files: ['src/types/database.generated.ts'],
    rules: { '@typescript-eslint/no-redundant-type-constituents': 'off' },
  },
);
