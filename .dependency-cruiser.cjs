// Import rules of the packages' source, checked in CI (`npm run lint:cycles`):
// - no import cycle anywhere, type-only imports included (a cycle of types is a cycle of concepts);
// - the mock's layers as docs/architecture.md draws them: the domain and the store below the HTTP layer,
//   the control API and the adapters; the contract below the SDK and the mock;
// - the OpenAPI tools (tools/openapi) on the packages' public entries only, and no package on the tools.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other (directly or through others) cannot be understood or tested apart.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'mock-domain-below-http',
      severity: 'error',
      comment:
        "The mock's domain states the rules; HTTP, the control API, adapters and the CLI call it, never the reverse.",
      from: { path: '^packages/mock/src/(domain|store|clock)/' },
      to: { path: '^packages/mock/src/(http|control|adapters|cli|faults)/' },
    },
    {
      name: 'mock-http-below-control',
      severity: 'error',
      comment: 'The service routes do not depend on the control API or the Node adapters.',
      from: { path: '^packages/mock/src/http/' },
      to: { path: '^packages/mock/src/(control|adapters|cli)/' },
    },
    {
      name: 'mock-wiring-below-adapters',
      severity: 'error',
      comment:
        'An instance is wired from the domain, HTTP and control layers; the Node adapters and the CLI sit on top.',
      from: { path: '^packages/mock/src/(create-mock-gateway|wire-gateway|options)\\.ts$' },
      to: { path: '^packages/mock/src/(adapters|cli)/' },
    },
    {
      name: 'mock-options-below-domain',
      severity: 'error',
      comment: 'Options are read by the domain; they declare their own types.',
      from: { path: '^packages/mock/src/options\\.ts$' },
      to: { path: '^packages/mock/src/(domain|http|control)/' },
    },
    {
      name: 'contract-depends-on-nothing-of-ours',
      severity: 'error',
      comment: 'The contract is the bottom layer: the SDK and the mock build on it.',
      from: { path: '^packages/contract/src/' },
      to: { path: '^packages/(sdk|mock)/' },
    },
    {
      name: 'packages-not-on-the-tools',
      severity: 'error',
      comment: 'The published packages ship no generation code: the OpenAPI tools use them, never the reverse.',
      from: { path: '^packages/' },
      to: { path: '^tools/' },
    },
    {
      name: 'tools-through-package-entries',
      severity: 'error',
      comment:
        "The OpenAPI tools import the packages as a user would, through their exports' entry files (what " +
        '`@merchant-gateway/source` resolves them to), never a file inside: what they need is exported.',
      from: { path: '^tools/' },
      to: {
        path: '^packages/',
        pathNot:
          '^packages/(contract/src/(index|constants|crypto/index(\\.node)?)|mock/src/(index|server)|' +
          'sdk/src/(index|pin/index))\\.ts$',
      },
    },
    {
      name: 'sdk-not-on-the-mock',
      severity: 'error',
      comment: 'The SDK ships without the mock; only its tests and benches use it.',
      from: { path: '^packages/sdk/src/' },
      to: { path: '^packages/mock/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|storybook-static)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@merchant-gateway/source', 'import', 'types', 'default'],
    },
  },
}
