// Architecture rules, checked by `npm run lint:architecture` (docs/guides/linting.md).
// Paths are relative to the repository root.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'No import cycles anywhere: a cycle ties files (and modules) into one knot.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-imports-nothing-of-ours',
      comment: 'packages/domain is the bottom layer: it imports only libraries (zod), never the apps.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '^(apps|e2e|bench|scripts|config)/' },
    },
    {
      name: 'web-never-imports-api',
      comment: 'The web app talks to the API over HTTP and shares contracts through packages/domain only.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'api-never-imports-web',
      severity: 'error',
      from: { path: '^apps/api/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'apps-never-import-tooling',
      comment:
        'The journeys (e2e), benches and scripts use the apps, never the other way round (a test may run a script).',
      severity: 'error',
      from: { path: '^(apps|packages)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^(e2e|bench|scripts)/' },
    },
    {
      name: 'platform-below-modules',
      comment:
        'apps/api/src/platform is what modules stand on: it never imports a module (tests may, to build an app).',
      severity: 'error',
      from: { path: '^apps/api/src/platform/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/api/src/modules/' },
    },
    {
      name: 'api-module-through-its-index',
      comment:
        'apps/api/src/modules/<a> reaches another module only through modules/<b>/index.ts, its public face. ' +
        'Tests and *.test-utils.ts may use another module’s test helpers (as scripts/module-graph.mjs).',
      severity: 'error',
      from: { path: '^apps/api/src/modules/([^/]+)/', pathNot: '\\.test(-utils)?\\.ts$' },
      to: {
        path: '^apps/api/src/modules/[^/]+/',
        pathNot: ['^apps/api/src/modules/$1/', '^apps/api/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'web-feature-through-its-index',
      comment: 'apps/web/src/features/<a> reaches another feature only through features/<b>/index.ts.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'web-shared-below-features',
      comment: 'apps/web/src/shared serves every feature and the app shell, so it imports neither.',
      severity: 'error',
      from: { path: '^apps/web/src/shared/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-features-below-app',
      comment: 'apps/web/src/app is the shell that puts features together; features never import it.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to no file is a typo or a missing package.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage|data|\\.tmp|test-results|playwright-report)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
