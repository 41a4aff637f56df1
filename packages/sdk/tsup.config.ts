import { defineConfig } from 'tsup'

export default defineConfig({
  entry: { index: 'src/index.ts', 'errors/index': 'src/errors/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  // The contract is a dependency, resolved by the consumer (its ./crypto export picks node:crypto on Node).
  external: ['@merchant-gateway/contract', 'ky', 'zod'],
})
