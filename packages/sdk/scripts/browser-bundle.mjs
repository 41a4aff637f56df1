// One browser bundle as an app's bundler would make it from the BUILT packages (dist/, through
// package.json `exports`): esbuild, platform browser, minified, conditions browser/import/default.
// Shared by bundle-check.mjs and pin-bundle-size.mjs.
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

/**
 * Bundles `source` (an app entry) from `repoRoot`; returns the code, the files that put bytes into it,
 * and its minified and gzip (level 9) sizes.
 */
export async function browserBundle(label, source, repoRoot) {
  const result = await build({
    stdin: { contents: source, resolveDir: repoRoot, sourcefile: `${label}.js`, loader: 'js' },
    // Metafile paths relative to the repository root, wherever the script is started from.
    absWorkingDir: repoRoot,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['browser', 'import', 'default'],
    write: false,
    metafile: true,
    logLevel: 'error',
  })
  const code = result.outputFiles[0].text
  const [output] = Object.values(result.metafile.outputs)
  // Files that put bytes into the output (esbuild also lists files it read and then shook away).
  const inputs = Object.entries(output.inputs)
    .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
    .map(([file, { bytesInOutput }]) => ({ file, bytes: bytesInOutput }))
  return { label, code, inputs, bytes: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length }
}
