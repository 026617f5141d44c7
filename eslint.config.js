import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const viemMessage = 'Chain code lives in apps/server/src/rails/<kind>/.';
const throughIndex = {
  regex: '^\\.\\./(?!shared/|flows/)[a-z0-9-]+/(?!index\\.js$)',
  message: 'Import another payment module only through its index.ts (its service surface).',
};
/** no-restricted-imports options: viem and a rail's own files stay inside rails/, plus `extra`. */
function restricted(...extra) {
  return {
    paths: [{ name: 'viem', message: viemMessage }],
    patterns: [
      { regex: '^viem/', message: viemMessage },
      { regex: '(^|/)rails/evm/', message: 'Reach a rail through rails/registry.ts (or rails/dev.ts).' },
      ...extra,
    ],
  };
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-output/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.{js,mjs}', 'apps/server/**/*.ts', 'packages/**/*.ts', 'tests/**/*.ts', 'scripts/**'],
    languageOptions: { globals: globals.node },
  },
  // Layering of the payment server: chain libraries stay inside rails/<kind>/; rails know nothing of
  // payment; billing knows nothing of checkout or the flows that compose them (payment/flows/ imports
  // both).
  {
    // Chain details stay inside their rail plugin: only apps/server/src/rails/<kind>/ uses viem, and the
    // rest of the server reaches a rail through rails/registry.ts (or rails/dev.ts for test aids); the
    // demo catalog gets its method and token from the rail's DemoNetwork, so it has no exception.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/rails/**'],
    rules: { 'no-restricted-imports': ['error', restricted()] },
  },
  {
    // Module boundaries: a payment module reaches another only through its index.ts (its service
    // surface), never its tables, repo or internals; cross-module transactions live in payment/flows/.
    files: ['apps/server/src/payment/*/*.ts'],
    rules: { 'no-restricted-imports': ['error', restricted(throughIndex)] },
  },
  {
    // A module's services never call the flows layer (the flow orchestrates the module, or hands it a
    // callback); only a module's HTTP edge (*routes.ts) calls a flow.
    files: ['apps/server/src/payment/*/*.ts'],
    ignores: ['apps/server/src/payment/demo/**', 'apps/server/src/payment/flows/**', '**/*routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        restricted(throughIndex, {
          regex: '^\\.\\./flows/',
          message: 'A module does not call the flows layer; the flow composes it (or injects a callback).',
        }),
      ],
    },
  },
  {
    files: ['apps/server/src/payment/billing/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        restricted(throughIndex, {
          regex: '^\\.\\./(checkout|flows)/',
          message: 'Billing does not import checkout; flows compose them.',
        }),
      ],
    },
  },
  {
    files: ['apps/server/src/rails/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/payment/**'], message: 'Rails do not know the payment modules.' }] },
      ],
    },
  },
);
