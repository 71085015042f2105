// ESLint keeps the architecture honest: core is pure TypeScript, features never import each other.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench-results/**', 'src/core/config/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: true, node: true },
      'boundaries/include': ['src/**/*'],
      'boundaries/elements': [
        { type: 'core', pattern: 'src/core' },
        { type: 'ui', pattern: 'src/ui' },
        { type: 'feature', pattern: 'src/features/*', capture: ['name'] },
        { type: 'app', pattern: 'src/app' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        2,
        {
          default: 'disallow',
          policies: [
            { from: { element: { type: 'core' } }, allow: { to: { element: { type: 'core' } } } },
            { from: { element: { type: 'ui' } }, allow: { to: { element: { types: { anyOf: ['core', 'ui'] } } } } },
            { from: { element: { type: 'feature' } }, allow: { to: { element: { types: { anyOf: ['core', 'ui'] } } } } },
            { from: { element: { type: 'app' } }, allow: { to: { element: { types: { anyOf: ['core', 'ui', 'feature', 'app'] } } } } },
            { allow: { to: { module: { origin: 'external' } } } },
          ],
        },
      ],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react/*', 'react-dom/*', '@tanstack/*', 'monaco-editor', 'monaco-editor/*'], message: 'src/core is pure TypeScript: no React, react-query or Monaco.' },
            { group: ['**/features/**', '**/app/**', '**/ui/**'], message: 'src/core must not import features, ui or app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
