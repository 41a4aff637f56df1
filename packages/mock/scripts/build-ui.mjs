// Builds the inspector page's script, ui/app.js, from ui/src/app.ts (Preact and htm bundled in, minified):
// the file is committed and shipped in the package, so the page needs no build step and no CDN at run time.
// `--check` fails when the committed file is not what the source builds now (CI runs it).
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import * as esbuild from 'esbuild'

const ui = fileURLToPath(new URL('../ui/', import.meta.url))
const result = await esbuild.build({
  entryPoints: [`${ui}src/app.ts`],
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  platform: 'browser',
  legalComments: 'eof',
  // A generated bundle: Biome neither lints nor formats it (the source, ui/src/app.ts, it does).
  banner: {
    js:
      '// biome-ignore-all lint: generated from ui/src/app.ts\n// ' +
      'biome-ignore-all format: generated from ui/src/app.ts',
  },
  write: false,
  logLevel: 'warning',
})
const built = `${result.outputFiles[0].text.trimEnd()}\n`
const out = `${ui}app.js`
if (process.argv.includes('--check')) {
  let committed = ''
  try {
    committed = readFileSync(out, 'utf8')
  } catch {}
  if (committed !== built) {
    console.log(
      'ui/app.js is not what ui/src/app.ts builds: run npm run build:ui -w @merchant-gateway/mock and commit it',
    )
    process.exit(1)
  }
  console.log(`ui/app.js is up to date (${built.length} bytes)`)
} else {
  writeFileSync(out, built)
  console.log(`ui/app.js: ${built.length} bytes`)
}
