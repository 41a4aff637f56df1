// Bundle check of @merchant-gateway/sdk, as a browser app's bundler sees the published package
// (`npm run bundle-check -w @merchant-gateway/sdk`; check:packages runs it too).
//
// - An app that imports only `isGatewayError` from `@merchant-gateway/sdk/errors` must not pull the
//   client: no GatewayClient. This exits 1 when it does.
// - The gzip sizes of that bundle and of one that imports `GatewayClient` are printed (figures only).
//
// It bundles the BUILT package (dist/, resolved through package.json `exports` with the conditions
// browser, import, default), not the `@merchant-gateway/source` condition: tree-shaking depends on
// what ships (tsup's chunking of the ESM build, `sideEffects: false`, the contract's dist and its
// non-node `./crypto` entry), and source files would hide a regression in any of them. So build first:
// the npm script runs `tsup` before this file, and check:packages builds all three packages.
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { browserBundle } from './browser-bundle.mjs'

const sdkDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const repoRoot = join(sdkDir, '..', '..')

for (const file of [join(sdkDir, 'dist', 'errors', 'index.js'), join(sdkDir, 'dist', 'index.js'), join(repoRoot, 'packages', 'contract', 'dist', 'index.js')]) {
  if (!existsSync(file)) {
    console.error(`bundle-check: ${file} is missing; build first (npm run build -w @merchant-gateway/contract -w @merchant-gateway/sdk)`)
    process.exit(1)
  }
}

/**
 * Strings that exist only when the client is in the bundle; property names and string literals survive
 * minification (class names do not, so 'GatewayClient' is found through a message that names it).
 */
const CLIENT_MARKERS = [
  { marker: 'retryBaseDelay', what: "the client's retry options (transport)" },
  { marker: 'createOrderShape', what: "the client's options (orders resource)" },
  { marker: 'withOptions', what: 'GatewayClient.withOptions' },
  { marker: 'GatewayClient', what: "GatewayClient (named in the SDK's messages)" },
]

async function bundle(label, source) {
  const b = await browserBundle(label, source, repoRoot)
  return { ...b, inputs: b.inputs.map((i) => i.file) }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`
const packagesIn = (inputs) => [...new Set(inputs.map((i) => i.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? i.match(/packages\/([^/]+)/)?.[1] ?? i))].sort()

function report(b) {
  console.log(`${b.label}: ${kb(b.bytes)} minified, ${kb(b.gzip)} gzip (level 9); code from ${b.inputs.length} files of ${packagesIn(b.inputs).join(', ')}`)
}

const errorsOnly = await bundle('errors-only', "export { isGatewayError } from '@merchant-gateway/sdk/errors'\n")
const client = await bundle('client', "export { GatewayClient } from '@merchant-gateway/sdk'\n")

console.log('bundle-check: esbuild, platform browser, minify, conditions browser/import/default, built dist/')
report(errorsOnly)
report(client)

// Each marker must be in the client bundle, or it cannot tell anything about the errors-only one.
const blind = CLIENT_MARKERS.filter(({ marker }) => !client.code.includes(marker))
for (const { marker, what } of blind) console.log(`WARNING: marker '${marker}' (${what}) is not in the client bundle either; it proves nothing, pick another`)
const pulled = CLIENT_MARKERS.filter(({ marker }) => !blind.some((b) => b.marker === marker) && errorsOnly.code.includes(marker))
// The client entry of the built SDK (dist/index.js) or the contract's crypto must not contribute code.
const clientFiles = errorsOnly.inputs.filter((i) => /packages\/sdk\/dist\/index\.js$|packages\/contract\/dist\/crypto\//.test(i))
console.log(`node:crypto in the client bundle: ${client.code.includes('node:crypto') ? 'YES (the browser got the node entry of the contract)' : 'no'}`)

if (pulled.length > 0 || clientFiles.length > 0) {
  for (const { marker, what } of pulled) console.log(`FAIL: the errors-only bundle contains '${marker}': ${what}`)
  for (const file of clientFiles) console.log(`FAIL: the errors-only bundle includes ${file}`)
  console.log('bundle-check FAILED: importing isGatewayError from @merchant-gateway/sdk/errors pulls the client')
  process.exit(1)
}
console.log(`bundle-check passed: the errors-only bundle has no GatewayClient (${kb(errorsOnly.gzip)} gzip vs ${kb(client.gzip)} for the client)`)
