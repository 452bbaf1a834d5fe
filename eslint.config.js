// ESLint runs in `npm run check` (DEVELOPERS.md): the React hooks rules for the
// islands and the admin, and the TypeScript parser for every source file. Type
// errors are tsc's and astro check's job; style is left to the code review.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', '.astro/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  {
    // React code: the islands, the admin and their hooks (server code may name a function useX without being a hook)
    files: ['src/**/*.tsx', 'src/components/**/*.ts', 'src/stores/**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The tests: only the rule that keeps a loaded page's routes from missing a request (the README's contributor section,
    // tests/fixtures/route-now.ts). A route added before the page's first goto is in force with its document.
    files: ['tests/**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='route']",
          message:
            "A route added to a loaded page lets a request sent at once go past it: use routeNow (tests/fixtures/route-now.ts). Before the page's first goto, page.route with `// eslint-disable-next-line no-restricted-syntax -- before the first goto`.",
        },
      ],
    },
  },
);
