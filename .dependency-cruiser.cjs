// No import circles in src/, type-only imports included (`npm run lint`, and so `npm test`).
// ESLint's import-x/no-cycle sees only imports that run; a circle of types is a circle of ideas
// all the same, and the review that split the house counted them (docs/architecture.md).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle of imports: move the shared part down a floor (docs/architecture.md).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^src/(bench|webview)/' },
  },
};
