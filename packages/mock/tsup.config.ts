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
  external: ['msw', '@msw/data', 'zod', '@merchant-gateway/contract', /^node:/],
})
