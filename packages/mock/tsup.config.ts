import { defineConfig } from 'tsup'

// msw 3 is ESM-only, so the mock ships ESM only. One build with shared chunks for the three entries:
// the server and the CLI then use the very classes of the main entry (a RuleError thrown by the domain
// is the RuleError the control routes test for), and only their own chunks import `node:*`.
export default defineConfig({
  entry: { index: 'src/index.ts', server: 'src/server.ts', cli: 'src/cli/main.ts' },
  format: ['esm'],
  splitting: true,
  // The Standard Schema types reach the public declarations but are not a declared dependency (they come
  // through @msw/data): inline them rather than import an undeclared package from the .d.ts.
  dts: { entry: { index: 'src/index.ts', server: 'src/server.ts' }, resolve: ['@standard-schema/spec'] },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  // Keep `node:http` as written: Deno and Bun resolve the prefixed form, and it says what it is.
  removeNodeProtocol: false,
  // Dependencies stay imports of the declared packages (uqr too: one copy shared with the consumer's
  // other users of it, and its MIT notice stays in its own package), never bundled copies.
  external: ['msw', '@msw/data', 'zod', 'uqr', '@merchant-gateway/contract', /^node:/],
})
