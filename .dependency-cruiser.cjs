// The import graph's rules (decision 103), checked by `pnpm lint` with dependency-cruiser: no cycle
// anywhere in the workspace, type-only imports included (`tsPreCompilationDeps`), and the BFF's
// layers of architecture §2 (a module imports its own layer and the ones below, never one above).
const BFF = '^apps/bff/src/';
const notTest = '\\.test\\.ts$';

/** The BFF's layers, bottom first (architecture §2). */
const layers = [
  { name: 'kinds', path: `${BFF}kinds/` },
  {
    name: 'infrastructure',
    path: `${BFF}((env|logging|start-progress)\\.ts$|(db|observability|game-api|mappers)/)`,
  },
  {
    name: 'domain',
    path: `${BFF}((audit|session|sync|search|feeds)/|auth/(?!plugin\\.ts$)|privacy/(?!download\\.ts$)|webhooks/(?!router\\.ts$)|live/(?!stream\\.ts$))`,
  },
  { name: 'services', path: `${BFF}services\\.ts$` },
  {
    name: 'http',
    path: `${BFF}((trpc|routers|rest|plugins)/|(auth/plugin|privacy/download|webhooks/router|live/stream)\\.ts$)`,
  },
  { name: 'assembly', path: `${BFF}(app|main|server|index)\\.ts$` },
];

const upward = layers.slice(0, -1).map((layer, index) => ({
  name: `bff-no-upward-from-${layer.name}`,
  comment: `The BFF's ${layer.name} layer imports only itself and the layers below it (architecture §2).`,
  severity: 'error',
  from: { path: layer.path, pathNot: notTest },
  to: { path: layers.slice(index + 1).map((above) => above.path) },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'No import cycle, type-only imports included (decision 103).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'bff-kinds-import-nothing-of-ours',
      comment: 'src/kinds is the bottom of the BFF: it imports nothing of the BFF (architecture §2).',
      severity: 'error',
      from: { path: `${BFF}kinds/` },
      to: { path: `${BFF}(?!kinds/)` },
    },
    ...upward,
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-ssr|coverage|test-results|playwright-report)/' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};
