import { defineConfig } from 'tsup'

// msw 3 is ESM-only, so the mock ships ESM only.
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  // The Standard Schema types reach the public declarations but are not a declared dependency (they come
  // through @msw/data): inline them rather than import an undeclared package from the .d.ts.
  dts: { resolve: ['@standard-schema/spec'] },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  external: ['msw', '@msw/data', 'zod', '@merchant-gateway/contract'],
})
