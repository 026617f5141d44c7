import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  // Layering of the payment server: chain libraries stay inside rails/<kind>/ (the demo seeds the
  // demo chain); rails know nothing of payment; billing knows nothing of checkout or the flows that
  // compose them (payment/flows/ imports both).
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/rails/**', 'apps/server/src/payment/demo/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'viem', message: 'Chain code lives in apps/server/src/rails/<kind>/.' }] },
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
  {
    files: ['apps/server/src/payment/billing/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/checkout/**', '**/flows/**'],
              message: 'Billing does not import checkout; flows compose them.',
            },
          ],
        },
      ],
    },
  },
);
