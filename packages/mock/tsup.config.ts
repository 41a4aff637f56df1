import { defineConfig, type Options } from 'tsup'
// @ts-expect-error: a plain .mjs script of the repository, without type declarations
import { relativeSourceMaps } from '../../scripts/relative-sourcemaps.mjs'
// @ts-expect-error: a plain .mjs script of the repository, without type declarations
import { keepClassNamesInCommonJs } from '../../scripts/keep-class-names.mjs'

/**
 * The package's entries: the mock, the HTTP server, the matchers (no test runner), and `vitest` and `vitest-4`
 * (register the matchers in vitest's `expect`, typed for vitest 5 and for vitest 3.2 and 4; vitest is an optional
 * peer, imported by those entries only).
 */
const ENTRIES = {
  index: 'src/index.ts',
  server: 'src/server.ts',
  matchers: 'src/matchers.ts',
  vitest: 'src/vitest.ts',
  'vitest-4': 'src/vitest-4.ts',
}

const common: Options = {
  splitting: true,
  sourcemap: true,
  target: 'es2022',
  esbuildOptions: (options, context) => {
    keepClassNamesInCommonJs(options, context)
    // The contract bundled from its sources (what tree-shaking reads best, and no build of it needed first).
    options.conditions = ['@merchant-gateway/source']
  },
  platform: 'neutral',
  // Keep `node:http` as written: Deno and Bun resolve the prefixed form, and it says what it is.
  removeNodeProtocol: false,
  // Dependencies stay imports of the declared packages (msw is a peer: the app's own copy; uqr too: one copy
  // shared with the consumer's other users of it, and its MIT notice stays in its own package), but for two.
  // The contract's schemas and the parts of zod/mini they use are bundled in: the mock's import then compiles
  // a few files instead of loading zod's 90-odd modules (docs/architecture.md has the figures). The schemas the
  // package exports stay zod's to read (a tool describes them with its own zod, which keeps one registry of
  // their metadata per process). The contract's ./crypto stays the consumer's: its node condition picks
  // node:crypto.
  noExternal: [/^@merchant-gateway\/contract(\/constants)?$/, /^zod(\/|$)/],
  external: ['msw', 'uqr', 'vitest', '@merchant-gateway/contract/crypto', /^node:/],
}

// The build script empties dist/ first (the builds run at once, so none may clean it).
// Two builds of the code, each with shared chunks for its entries, so the server uses the very classes of the main
// entry (a RuleError thrown by the domain is the RuleError the control routes test for) and only its own
// chunks import `node:*` (esbuild puts a module in a chunk of the entries that reach it: msw's imports, in
// http/msw-handlers.ts and http/mock-fetch.ts, land in the main and server entries' chunks only, so the CLI
// loads no msw, which check:packages checks on dist/cli.js):
// - ESM: the entries and the CLI (the bin);
// - CJS: the entries, for `require()`. msw 3 is ESM-only; Node >= 22.12 loads it from
//   CommonJS (require of ES modules), and msw 2 ships CommonJS itself.
// And one of the type declarations, for both formats (`.d.ts` and `.d.cts`) from one TypeScript program: with
// declarations in each of the two code builds, the package's build took 29.5 s of CPU, 18 of them in two
// identical TypeScript passes. The `postbuild` then makes the `vitest` entry's .d.cts a reference to its .d.ts
// (scripts/vitest-declarations.mjs says why).
export default defineConfig([
  {
    ...common,
    entry: { ...ENTRIES, cli: 'src/cli/main.ts' },
    format: ['esm'],
    onSuccess: async () => {
      await relativeSourceMaps('dist', '.js.map')
    },
  },
  {
    ...common,
    entry: ENTRIES,
    format: ['cjs'],
    // `import.meta.url` (the server finds its OpenAPI documents from it) becomes the file's own URL in CommonJS.
    shims: true,
    // Published maps point at files relative to themselves, never at the build machine's paths.
    onSuccess: async () => {
      await relativeSourceMaps('dist', '.cjs.map')
    },
  },
  {
    ...common,
    entry: ENTRIES,
    format: ['esm', 'cjs'],
    // The Standard Schema types reach the public declarations but are only a dev dependency (types, no
    // code): inline them rather than import an undeclared package from the .d.ts.
    dts: { entry: ENTRIES, resolve: ['@standard-schema/spec'], only: true },
  },
])
