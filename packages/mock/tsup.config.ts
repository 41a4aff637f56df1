import { defineConfig } from 'tsup'

// msw 3 is ESM-only, so the mock ships ESM only.
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  external: ['msw', '@msw/data', 'zod', '@merchant-gateway/contract'],
})
