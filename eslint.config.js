import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { layersPlugin } from './scripts/eslint-layers.mjs';
import { reactStatePlugin } from './scripts/eslint-react-state.mjs';
import { moduleBoundariesPlugin } from './scripts/eslint-module-boundaries.mjs';

const SOURCE = '*.{ts,tsx,js,mjs}';
// Deepest folder nesting inside a workspace that the boundary rules below cover.
const MAX_DEPTH = 8;

/**
 * Import boundaries, written for `no-restricted-imports`, which sees only the import's text.
 * A relative import leaves a folder when it climbs one `../` more than the file sits deep in
 * it, so each depth gets its own block: a file `depth` folders below `root` that imports
 * `(../){depth + 1}x` reaches `root`'s parent. ESLint keeps only the last matching block's
 * options for a rule, so every block carries the complete list for the files it matches.
 *
 * - Workspaces reach each other only by package name (`@taxback/domain`), never by a path.
 * - `packages/domain` imports nothing of ours; `apps/web` and `apps/server` import the domain
 *   but not each other.
 * Layers inside an app (web features, server modules) are the `layers/one-way` rule below.
 */
function boundary(root, depthOffset, { packages, message, extraRelative = () => [] }) {
  return Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => ({
    files: [`${root}/${'*/'.repeat(depth)}${SOURCE}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...(packages.length > 0 ? [{ group: packages, message }] : []),
            {
              regex: `^(\\.\\./){${depth + depthOffset + 1}}`,
              message:
                'Do not reach into another workspace by a relative path: import it by its package name, where the boundaries allow.',
            },
            ...extraRelative(depth),
          ],
        },
      ],
    },
  }));
}

const workspaceBoundaries = [
  ...boundary('packages/domain', 0, {
    packages: ['@taxback/server', '@taxback/server/*', '@taxback/web', '@taxback/web/*', '@taxback/e2e'],
    message: 'The domain is pure and depends on nothing of ours: move the code it needs into the domain.',
  }),
  ...boundary('apps/server', 0, {
    packages: ['@taxback/web', '@taxback/web/*', '@taxback/e2e'],
    message: 'The server and the web app share code only through @taxback/domain.',
  }),
  ...boundary('apps/web', 0, {
    packages: ['@taxback/server', '@taxback/server/*', '@taxback/e2e'],
    message: 'The web app and the server share code only through @taxback/domain.',
  }),
];

/**
 * Layers inside each app, lowest first (decision 035): a file imports its own layer or a lower one,
 * never a higher one. In the web app shared code (components, lib) → features → app (router,
 * layout), and one feature imports another only through `features/shared/`. In the server the
 * building blocks (http, db, storage, providers, documents, jobs...) → modules → app (buildApp,
 * main, the CLI). The rule (scripts/eslint-layers.mjs) resolves each relative import, so it sees
 * where an import lands at any depth.
 */
const layering = [
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { layers: layersPlugin },
    rules: {
      'layers/one-way': [
        'error',
        {
          root: 'apps/web/src',
          layers: [
            { name: 'shared (components, lib)', entries: ['components', 'lib'] },
            { name: 'features', entries: ['features'] },
            { name: 'app', entries: ['app', 'main.tsx'] },
          ],
          isolated: ['features'],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.{ts,mjs}'],
    plugins: { layers: layersPlugin },
    rules: {
      'layers/one-way': [
        'error',
        {
          root: 'apps/server/src',
          layers: [
            {
              name: 'building blocks (http, db, storage, providers, documents...)',
              entries: [
                'http',
                'db',
                'storage',
                'providers',
                'documents',
                'jobs',
                'crypto',
                'pdf',
                'errors.ts',
                'config.ts',
              ],
            },
            { name: 'modules', entries: ['modules'] },
            { name: 'app', entries: ['app.ts', 'main.ts', 'types.ts', 'cli'] },
          ],
        },
      ],
    },
  },
  {
    // Inside the modules layer, one module reaches another only through its index.ts, which
    // exports what the others may use (issue 46, decision 083); `modules/shared/` is open to all.
    files: ['apps/server/src/modules/**/*.ts'],
    plugins: { modules: moduleBoundariesPlugin },
    rules: { 'modules/through-index': ['error', { root: 'apps/server/src/modules', open: ['shared'] }] },
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        // Each file is checked with the tsconfig of its workspace. The few TypeScript files that no
        // workspace includes (the root test config, the web build script) get the shared base settings.
        projectService: {
          allowDefaultProject: ['vitest.config.ts', 'apps/web/scripts/*.tsx'],
          defaultProject: 'tsconfig.base.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // Rules that need type information, chosen for bugs they catch: a promise nobody awaits
      // loses its rejection (an unhandled error, a save that silently never happened), and a
      // promise where a callback's result is ignored runs unobserved.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-array-delete': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/no-implied-eval': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
    },
  },
  {
    // Plain JavaScript (this file, small Node scripts) is in no TypeScript project.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // A screen's phases live in one typed state with a reducer, not in loose flags (issue 46).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-state': reactStatePlugin },
    rules: { 'react-state/max-use-state': ['error', { max: 4 }] },
  },
  {
    files: ['apps/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // The recommended options, plus a click on a modal <dialog>: a click on the dialog element
      // itself is a click on its backdrop, a pointer shortcut for Close that keyboard users have
      // as Escape and the close button.
      'jsx-a11y/no-noninteractive-element-interactions': [
        'error',
        {
          handlers: [
            'onClick',
            'onError',
            'onLoad',
            'onMouseDown',
            'onMouseUp',
            'onKeyPress',
            'onKeyDown',
            'onKeyUp',
          ],
          alert: ['onKeyUp', 'onKeyDown', 'onKeyPress'],
          body: ['onError', 'onLoad'],
          dialog: ['onKeyUp', 'onKeyDown', 'onKeyPress', 'onClick'],
          iframe: ['onError', 'onLoad'],
          img: ['onError', 'onLoad'],
        },
      ],
      // A label's text may sit in nested spans (a title and a hint in one tappable card); the
      // rule stops looking at 2 levels by default.
      'jsx-a11y/label-has-associated-control': ['error', { depth: 4 }],
      // A table wider than a phone scrolls inside a named region, which must take focus so a
      // keyboard can scroll it (axe's scrollable-region-focusable; the GOV.UK pattern).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  {
    // No function over 150 lines in the apps (decision 035): a closure that long does several
    // jobs. Blank lines and comments do not count; tests in apps/*/src too (issue 34).
    files: ['apps/*/src/**/*.{ts,tsx}'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 150, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  ...workspaceBoundaries,
  ...layering,
);
