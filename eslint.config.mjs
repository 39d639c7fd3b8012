import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '**/dist/**',
      '.data/**',
      'coverage/**',
      'frontend/**/build/**',
      'frontend/web/dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Packages meet at their entry points, the `exports` map of each package.json (decision 0019);
      // scripts/codemods/entry-point-imports.mjs rewrites what this refuses.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@kobo/*/src', '@kobo/*/src/*', '@kobo/*/test/*', '@kobo/*/bench/*'],
              message: "Import the package's entry point (@kobo/<pkg>, or a sub-entry in its exports map).",
            },
            {
              regex: '^(\\.\\./)+(services/)?(api|jobs|ledger|platform|projector)/(src|test|bench)(/|$)',
              message: "Another package's files: import its entry point (@kobo/<pkg>) instead.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        module: 'writable',
        require: 'readonly',
        URL: 'readonly',
      },
    },
  },
);
