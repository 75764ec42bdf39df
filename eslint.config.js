import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/api/src/db/migrations/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Features never import each other; shared code flows one way (DESIGN §3).
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/index', '**/index.ts'], message: 'Import files directly, not barrels.' }] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['apps/board/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // As in the portal: a feature folder of the board may not reach into another feature.
    files: ['apps/board/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../features/*', '**/features/*/**'], message: 'Features never import each other; move shared code to components/ or lib/.' }] },
      ],
    },
  },
  {
    // A feature folder may not reach into another feature (DESIGN §3).
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../features/*', '**/features/*/**'], message: 'Features never import each other; move shared code to components/ or lib/.' }] },
      ],
    },
  },
  {
    /*
     * Component tests wait through their app's helper (src/test/wait.ts), whose timeout holds on a loaded machine;
     * `vi.waitFor` gives up after 1 s. This is the only block setting no-restricted-properties, so no other
     * restriction is replaced by it; a new restricted property belongs in this same list.
     */
    files: ['apps/web/**/*.{ts,tsx}', 'apps/board/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/test/wait.ts', 'apps/board/src/test/wait.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'vi', property: 'waitFor', message: "Use waitFor from the app's src/test/wait.ts: its timeout holds on a loaded machine." },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../server', '../../main'], message: 'Modules do not import the app; it imports them.' }] },
      ],
    },
  },
);
