import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.local-supabase', 'e2e/artifacts', 'coverage'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      // React Router's idiom for a 404 from a loader is to throw a Response.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Response' }] }],
    },
  },
  {
    // Layering (STYLE.md rules 2 and 6): only the service layer talks to supabase-js.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/services/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@supabase/*'], message: 'Only src/services/ may import supabase-js.' },
            { group: ['**/local-supabase/**'], message: 'The app never imports the local backend.' },
          ],
        },
      ],
    },
  },
  {
    // Reader features never reach into the admin panel: that would put the admin (and its editor) in readers' downloads.
    files: ['src/features/reader/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@supabase/*'], message: 'Only src/services/ may import supabase-js.' },
            { group: ['**/features/admin/**', '@tiptap/*'], message: 'Reader code and shared layers must not import the admin panel or the editor.' },
            { group: ['**/local-supabase/**'], message: 'The app never imports the local backend.' },
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
        {
          patterns: [
            { group: ['**/features/**', '@tiptap/*'], message: 'Services know nothing of screens or the editor.' },
            { group: ['**/local-supabase/**'], message: 'The app never imports the local backend.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/admin/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@supabase/*'], message: 'Only src/services/ may import supabase-js.' },
            { group: ['**/features/reader/**'], message: 'Admin and reader features share code through components/, lib/ or services/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**', 'e2e/**', 'local-supabase/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
