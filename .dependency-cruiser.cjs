// No import circles in src/, type-only imports included, and each folder standing only on the
// floors below it (`npm run lint`, and so `npm test`; docs/architecture.md draws the floors).
// ESLint's import-x/no-cycle sees only imports that run; a circle of types is a circle of ideas
// all the same, and the review that split the house counted them.

/** The host's features (src/host/<feature>/): each stands on the floors, never on another. */
const HOST_FEATURES = ['browse', 'cite', 'web', 'health', 'styles', 'notes'];

/** A floor may import the floors before it, never those after: `[floor, above it]`. */
const floors = (root, order) => order.map((floor, i) => ({
  name: `floor-${root}-${floor}`,
  severity: 'error',
  comment: `src/${root}/${floor} stands below ${order.slice(i + 1).join(', ')}: it must not import them (docs/architecture.md).`,
  from: { path: `^src/${root}/${floor}/` },
  to: { path: `^src/${root}/(${order.slice(i + 1).join('|')})/` },
})).filter((_, i) => i < order.length - 1);
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...floors('core', ['util', 'model', 'corpus', 'bibliography', 'styles', 'search', 'browse', 'cite', 'project', 'web', 'health']),
    {
      name: 'core-below-its-hosts',
      severity: 'error',
      comment: 'src/core runs under every host (the extension, the engine worker, the command line): it must not import src/engine, src/platform or src/cli (docs/architecture.md).',
      from: { path: '^src/core/' },
      to: { path: '^src/(engine|platform|cli)/' },
    },
    // The host's floors, then its features side by side on them (texlab's feature crates on base-db).
    ...floors('host', ['engine', 'util', 'library', 'bibliography', 'common', `(${HOST_FEATURES.join('|')})`]),
    {
      name: 'host-without-zod',
      severity: 'error',
      comment: 'The host checks messages with the engine\'s copy of zod (engine().…): a value imported from a module of schemas (or zod itself) would put zod in dist/host.js, about 30 KB of the VSIX. Import types only.',
      from: { path: '^src/(host/|extension)' },
      to: { path: '^src/(shared/protocol|engine/protocol|core/util/zod)\\.ts$|zod', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'host-features-side-by-side',
      severity: 'error',
      comment: 'A host feature never imports another: what one needs of another is handed to it by src/host/features/start.ts (docs/architecture.md).',
      from: { path: `^src/host/(${HOST_FEATURES.join('|')})/` },
      to: { path: `^src/host/(${HOST_FEATURES.join('|')})/`, pathNot: '^src/host/$1/' },
    },
    {
      name: 'host-floors-below-the-root',
      severity: 'error',
      comment: 'The composition roots (activate.ts, and features/ for what is made on first use), the API and the test hooks stand on every folder of the host; no folder imports them.',
      from: { path: '^src/host/[^/]+/', pathNot: '^src/host/features/' },
      to: { path: '^src/host/(activate|api|testing)\\.ts$|^src/host/features/' },
    },
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
