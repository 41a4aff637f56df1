import { defineConfig } from 'tsup'
// @ts-expect-error: a plain .mjs script of the repository, without type declarations
import { relativeSourceMaps } from '../../scripts/relative-sourcemaps.mjs'
// @ts-expect-error: a plain .mjs script of the repository, without type declarations
import { keepClassNamesInCommonJs } from '../../scripts/keep-class-names.mjs'
// @ts-expect-error: a plain .mjs script of the repository, without type declarations
import { markErrorLines } from '../../scripts/uncaught-headline.mjs'

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'errors/index': 'src/errors/index.ts',
    'pin/index': 'src/pin/index.ts',
    'webhooks/index': 'src/webhooks/index.ts',
  },
  format: ['esm', 'cjs'],
  // `OperationSpec` (reachable from the public resource types) uses the Standard Schema interface, a
  // types-only package the SDK does not depend on: inline its declarations rather than leave the .d.ts
  // importing an undeclared package (check:packages fails on that).
  dts: { resolve: ['@standard-schema/spec'] },
  sourcemap: true,
  // Published maps point at files relative to themselves, never at the build machine's paths. The lines that
  // make the SDK's errors are marked so that Node heads an uncaught one with its own first line, not with that
  // line of compiled code (scripts/uncaught-headline.mjs). The declarations lose the internal modules' notes
  // in the package's build script, after tsup (which writes them after this hook has run).
  onSuccess: async () => {
    await relativeSourceMaps('dist')
    await markErrorLines('dist')
  },
  clean: true,
  // Shared chunks in the CJS build too (ESM splits by default): without it, dist/index.cjs and
  // dist/errors/index.cjs each carry their own copy of the error classes, so `instanceof GatewayError`
  // with the class from `@merchant-gateway/sdk/errors` fails on errors thrown by the client under require().
  splitting: true,
  target: 'es2022',
  esbuildOptions: (options, context) => {
    keepClassNamesInCommonJs(options, context)
    // The contract bundled from its sources (what tree-shaking reads best, and no build of it needed first).
    options.conditions = ['@merchant-gateway/source']
  },
  platform: 'neutral',
  // The contract's tables and schemas, and the parts of zod/mini they use, are bundled in: a cold start (a
  // serverless function's) then compiles one tree-shaken file instead of loading zod's 90-odd modules, which
  // cost about as much CPU as the rest of the SDK's import together (docs/architecture.md has the figures).
  // Two entries stay the consumer's to resolve: ./crypto, whose node condition picks node:crypto, and the
  // zod-free ./constants the PIN client imports (bundled, it would grow the PIN client's browser bundle).
  noExternal: [/^@merchant-gateway\/contract$/, /^zod(\/|$)/],
  external: ['@merchant-gateway/contract/crypto', '@merchant-gateway/contract/constants'],
})
