// Lint rules for the whole workspace. The import boundaries of ARCHITECTURE §2 are enforced here with
// `no-restricted-imports`, one block per layer, so a forbidden import fails `npm test`. The layers are derived from
// the libraries' folders (`libs/domain-*` is the domain layer), so a new library is covered without editing a list.
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import campus from './tools/eslint-plugin/index.js';

const ours = (...names) => names.map((n) => `@campus/${n}`);
const allLibs = readdirSync(new URL('./libs', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(new URL(`./libs/${d.name}/package.json`, import.meta.url)))
  .map((d) => d.name);
const domainLibs = allLibs.filter((l) => l.startsWith('domain-'));
for (const required of ['formatters', 'domain-core', 'api-contract', 'ui']) {
  if (!allLibs.includes(required)) throw new Error(`eslint.config.js: libs/${required} is missing.`);
}
const apps = ['@campus/api', '@campus/console', '@campus/api/*', '@campus/console/*'];

/** Everything of ours except `allowed`, plus any extra forbidden packages. */
function boundary(files, allowed, extra = [], message = 'This import crosses a boundary of ARCHITECTURE §2.') {
  const forbidden = [...ours(...allLibs.filter((l) => !allowed.includes(l))), ...apps, ...extra];
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: forbidden, message },
            { group: ['**/apps/*', '../../apps/**', '../../../apps/**'], message: 'Never import from an app.' },
          ],
        },
      ],
    },
  };
}

const noUi = ['react', 'react-dom', 'react/*', '@remix-run/*', 'pg', 'drizzle-orm', 'drizzle-orm/*', '@electric-sql/*', 'fastify'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/build/**',
      '**/node_modules/**',
      '**/.nx/**',
      '**/.data/**',
      '**/storybook-static/**',
      '**/test-output/**',
      'apps/api/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  boundary(['libs/formatters/**'], [], noUi),
  boundary(['libs/domain-core/**'], ['formatters'], noUi),
  boundary(
    domainLibs.filter((l) => l !== 'domain-core').map((l) => `libs/${l}/**`),
    ['formatters', ...domainLibs],
    noUi,
  ),
  boundary(['libs/api-contract/**'], domainLibs, ['react', 'react-dom', '@remix-run/*', 'pg', 'drizzle-orm', 'fastify']),
  boundary(['libs/ui/**'], ['formatters', ...domainLibs], ['@remix-run/*', 'pg', 'drizzle-orm', 'fastify']),
  boundary(['apps/api/**'], ['api-contract', 'formatters', ...domainLibs], ['react', 'react-dom', '@remix-run/*']),
  boundary(['apps/console/**'], allLibs, ['pg', 'drizzle-orm', 'drizzle-orm/*', '@electric-sql/*', 'fastify']),
  {
    // Generic code never names a resource or an area: that belongs in the area's folder on each side.
    files: ['apps/*/src/**/*.{ts,tsx}', 'apps/*/app/**/*.{ts,tsx}'],
    ignores: ['**/areas/**', '**/*.test.{ts,tsx}', '**/test/**'],
    plugins: { campus },
    rules: { 'campus/no-resource-names': 'error' },
  },
);
