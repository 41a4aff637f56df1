// Size budgets of @merchant-gateway/sdk in a browser app, checked in CI (`npm run size -w
// @merchant-gateway/sdk`; check:packages runs it): size-limit bundles each import from the BUILT package
// (dist/, and the contract's dist through its package.json `exports`) with esbuild, minified and
// tree-shaken, and fails when its gzip size is over the limit. Limits in kB (1 kB = 1000 bytes).
//
// The limits are the project's budgets: ky 2 alone is 8.9 kB gzipped, and the logger, deprecation warnings,
// User-Agent and option checks add about 1.9 kB to the PIN client and 2.5 kB to GatewayClient; the errors'
// printing (inspect hooks, toJSON), the operation table GatewayClient reads its specs from and the send core
// both clients share came after, then the request checks from the contract's schemas and the check of option
// names (0.35 kB in each client). docs/architecture.md has the figures, what each added kB bought and what made
// room: PinClient 15.99 kB, GatewayClient 28.78 kB, isGatewayError 0.98 kB. To watch the check fail, lower a
// limit: 14 kB for PinClient fails.
// What a bundle must not contain (zod in the PIN client, the client in /errors) is checked by
// scripts/bundle-contents.mjs; a size alone cannot tell.

/** An app's bundler: ESM for browsers (so the contract's `./crypto` is its Web Crypto entry). */
const browserApp = (config) => ({ ...config, platform: 'browser', format: 'esm', target: 'es2022' })

export default [
  {
    name: 'PinClient (a browser PIN screen: ky, the PIN errors, no zod)',
    path: 'dist/pin/index.js',
    import: '{ PinClient }',
    gzip: true,
    limit: '16 kB',
    modifyEsbuildConfig: browserApp,
  },
  {
    name: 'GatewayClient (ky, zod/mini schemas of the contract, signing with Web Crypto)',
    path: 'dist/index.js',
    import: '{ GatewayClient }',
    gzip: true,
    limit: '29 kB',
    modifyEsbuildConfig: browserApp,
  },
  {
    name: 'isGatewayError from /errors (no client)',
    path: 'dist/errors/index.js',
    import: '{ isGatewayError }',
    gzip: true,
    limit: '1 kB',
    modifyEsbuildConfig: browserApp,
  },
]
