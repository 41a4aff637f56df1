import { defineConfig } from 'tsup'
// @ts-expect-error: a plain .mjs script of the repository, without type declarations
import { relativeSourceMaps } from '../../scripts/relative-sourcemaps.mjs'
// @ts-expect-error: a plain .mjs script of the repository, without type declarations
import { keepClassNamesInCommonJs } from '../../scripts/keep-class-names.mjs'

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    constants: 'src/constants.ts',
    'crypto/index': 'src/crypto/index.ts',
    'crypto/index.node': 'src/crypto/index.node.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  // Published maps point at files relative to themselves, never at the build machine's paths.
  onSuccess: async () => {
    await relativeSourceMaps('dist')
  },
  clean: true,
  // One shared chunk in CJS too, so every entry point hands out the same objects.
  splitting: true,
  target: 'es2022',
  esbuildOptions: keepClassNamesInCommonJs,
  platform: 'neutral',
  external: ['node:crypto'],
  // tsup rewrites `node:crypto` to bare `crypto` by default; keep the prefix, which is the
  // form Cloudflare Workers' nodejs_compat and Deno resolve.
  removeNodeProtocol: false,
})
