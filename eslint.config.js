// ESLint (flat config): code rules. Import boundaries and cycles are checked by dependency-cruiser
// (.dependency-cruiser.cjs); formatting by Prettier. docs/guides/linting.md explains all three.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/screenshots/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Unused arguments and caught errors named with a leading underscore are deliberate.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      // verbatimModuleSyntax: a type-only import must say so, or it stays in the emitted code.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // A closure may read a variable that is assigned once, after the closure is made.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    // The classic hook rules. The plugin's React Compiler rules (refs, purity, set-state-in-effect…)
    // judge code for a compiler this app does not use, and run the compiler on every file.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
