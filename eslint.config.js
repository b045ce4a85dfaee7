// One lint configuration for the whole workspace: type-aware typescript-eslint, React hooks rules
// for the SPA, and the dependency direction of architecture §2 as import restrictions.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const demoOnly = {
  group: ['@nova/demo', '@nova/dev-idp', '@nova/game-api-sim'],
  message: 'The BFF and the SPA never import the demo stand-ins (architecture §2).',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.e2e/**',
      '.bench/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      'no-console': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    // Scripts hand callbacks to the browser (Playwright's page.evaluate / waitForFunction).
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { ...globals.node, document: 'readonly', window: 'readonly' },
    },
    rules: { ...tseslint.configs.disableTypeChecked.rules, 'no-console': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            demoOnly,
            {
              group: ['@nova/bff', '@nova/bff/*'],
              allowTypeImports: true,
              message: 'The SPA imports only the AppRouter type.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', { name: 'process', message: 'No process in the browser.' }],
    },
  },
  {
    // The error boundary reports render errors to the browser console (and fails e2e tests).
    files: ['apps/web/src/app/error-boundary.tsx'],
    rules: { 'no-console': ['error', { allow: ['error'] }] },
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/bff/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [demoOnly] }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in src/env.ts only.' },
      ],
    },
  },
  {
    files: ['apps/bff/src/env.ts', '**/*.test.ts', '**/test/**', 'apps/bff/examples/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Runnable examples print their results.
    files: ['apps/bff/examples/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', 'e2e/**', 'e2e-keycloak/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-restricted-imports': 'off',
      // A test writes the German it expects by hand: compared with the product's own text constant,
      // a changed text would stay green (decision 089).
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportSpecifier[imported.name=/^(TEXTS|MESSAGES|\\w+_(TEXTS?|MESSAGES?))$/]',
          message: 'Write the expected German text out in the test instead of importing the product text.',
        },
      ],
    },
  },
);
