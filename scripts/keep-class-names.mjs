// The CommonJS builds keep every class's name. tsup turns its split ESM output into CommonJS with sucrase,
// which rewrites `class NotFoundError extends GatewayError { name = ... }` into an anonymous class assigned
// to `_class4`: `NotFoundError.name` became `_class4`, and stack traces and `util.inspect` showed
// `_class4 [NotFoundError]`. esbuild's `keepNames` pins each name with `__name(...)`, which survives that
// rewrite. The ESM builds, which browser apps bundle, do without it: it wraps every function and would add
// about 2 kB gzipped to the SDK's browser bundles; check-tarballs proves their class names hold anyway.
//
//   import { keepClassNamesInCommonJs } from '../../scripts/keep-class-names.mjs'
//   defineConfig({ ..., esbuildOptions: keepClassNamesInCommonJs })

/** tsup's `esbuildOptions`: `keepNames` in the `cjs` format only. */
export function keepClassNamesInCommonJs(options, context) {
  if (context.format === 'cjs') options.keepNames = true
}
