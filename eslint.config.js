import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import fence from './scripts/eslint-fence.js';

// Import files directly, not barrels (DESIGN §3). A block that sets `no-restricted-imports` replaces the options of
// every earlier block, so each such block spreads these patterns into its own.
const barrels = [{ group: ['**/index', '**/index.ts', '**/index.tsx'], message: 'Import files directly, not barrels.' }];

// Portal and board: features never import each other; components/ and lib/ sit below features/ and app/.
const uiFence = (root) => ({
  root,
  siblings: 'features',
  layers: [{ from: ['lib', 'components'], to: ['features', 'app', 'layouts'] }],
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-bench/**', '**/dist-e2e-*/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', 'apps/api/src/db/migrations/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { fence },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { patterns: barrels }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/board/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  { files: ['apps/web/src/**/*.{ts,tsx}'], rules: { 'fence/boundaries': ['error', uiFence('apps/web/src')] } },
  { files: ['apps/board/src/**/*.{ts,tsx}'], rules: { 'fence/boundaries': ['error', uiFence('apps/board/src')] } },
  {
    // Two portal tests drive more than one layer on purpose: the job page's link into the applications (with the
    // jobs feature's fixtures), and the list search helpers parsed as the router parses them.
    files: ['apps/web/src/features/applications/JobApplicationsLinks.test.tsx', 'apps/web/src/lib/list-search.test.ts'],
    rules: { 'fence/boundaries': 'off' },
  },
  {
    // API: modules never import each other except along the designed edges; platform/ and db/ sit below modules/.
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'fence/boundaries': [
        'error',
        {
          root: 'apps/api/src',
          siblings: 'modules',
          allow: [
            // Publishing a job spends credits (DESIGN §3).
            ['jobs', 'credits'],
            // The board is the candidate's side of applications: a withdrawal there notifies like one in the portal.
            ['board', 'applications'],
          ],
          layers: [{ from: ['platform', 'db'], to: ['modules'] }],
        },
      ],
    },
  },
  {
    /*
     * Tests obey the same fence, and reach another module's helpers through the kit (src/test/). The one exception
     * checks every email the product sends, so it drives the modules that compose them from platform/notify/.
     */
    files: ['apps/api/src/platform/notify/tenant-mail.test.ts'],
    rules: { 'fence/boundaries': 'off' },
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
        { patterns: [...barrels, { group: ['../../server', '../../main'], message: 'Modules do not import the app; it imports them.' }] },
      ],
    },
  },
);
