// Size budget of @merchant-gateway/sdk/pin, as a browser app's bundler sees the published package
// (`npm run pin-bundle-size -w @merchant-gateway/sdk`; check:packages runs it too).
//
// A PIN screen in a browser should not pay for the gateway client: the app below imports PinClient and
// makes one call. This script
// - bundles it with esbuild (platform browser, minify, conditions browser/import/default) and prints the
//   minified and gzip (level 9) sizes;
// - exits 1 when the gzip size is above the budget of 12 KB (12 288 bytes);
// - exits 1 when the bundle pulls what the PIN entry must not import: zod, the contract's root entry
//   (its schemas are zod), the SDK's main entry (GatewayClient) or the gateway transport.
//
// Like bundle-check.mjs it bundles the BUILT package (dist/, through package.json `exports`), not the
// `@merchant-gateway/source` condition: the size depends on what ships (tsup's chunking, `sideEffects:
// false`, the contract's `./constants` entry). So build first: the npm script runs the contract's and the
// SDK's `tsup` before this file, and check:packages builds all three packages. A dist older than the
// sources it is built from is refused rather than measured.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { browserBundle } from './browser-bundle.mjs'

const BUDGET_GZIP_BYTES = 12 * 1024

const sdkDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const repoRoot = join(sdkDir, '..', '..')
const contractDir = join(repoRoot, 'packages', 'contract')

const builds = [
  { dist: join(sdkDir, 'dist', 'pin', 'index.js'), src: [join(sdkDir, 'src', 'pin'), join(sdkDir, 'src', 'errors'), join(sdkDir, 'src', 'client', 'metadata.ts')] },
  { dist: join(contractDir, 'dist', 'constants.js'), src: [join(contractDir, 'src')] },
]
const newestSource = (paths) =>
  Math.max(
    ...paths.flatMap((p) =>
      statSync(p).isDirectory()
        ? readdirSync(p, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && !e.name.endsWith('.test.ts')).map((e) => statSync(join(e.parentPath, e.name)).mtimeMs)
        : [statSync(p).mtimeMs],
    ),
  )
for (const { dist, src } of builds) {
  if (!existsSync(dist)) {
    console.error(`pin-bundle-size: ${relative(repoRoot, dist)} is missing; build first (npm run pin-bundle-size -w @merchant-gateway/sdk builds, or npm run build)`)
    process.exit(1)
  }
  if (statSync(dist).mtimeMs < newestSource(src)) {
    console.error(`pin-bundle-size: ${relative(repoRoot, dist)} is older than its sources; build first (npm run pin-bundle-size -w @merchant-gateway/sdk builds, or npm run build)`)
    process.exit(1)
  }
}

const APP = "import { PinClient } from '@merchant-gateway/sdk/pin'\nnew PinClient({ baseUrl: 'https://x', accessToken: 't' }).pin.verify({ pin: '123456' })\n"

const { code, inputs, bytes, gzip } = await browserBundle('pin-app', APP, repoRoot)
const kb = (n) => `${(n / 1024).toFixed(2)} KB`

console.log('pin-bundle-size: esbuild, platform browser, minify, conditions browser/import/default, built dist/')
console.log(`app: ${APP.trim().replace(/\n/g, '; ')}`)
for (const { file, bytes: b } of inputs.sort((a, z) => z.bytes - a.bytes)) console.log(`  ${String(b).padStart(6)} B  ${file}`)
console.log(`minified: ${bytes} bytes (${kb(bytes)})`)
console.log(`gzip:     ${gzip} bytes (${kb(gzip)}), budget ${BUDGET_GZIP_BYTES} bytes (${kb(BUDGET_GZIP_BYTES)})`)

/** What the PIN entry must not pull, by input file and by strings that survive minification. */
const FORBIDDEN_FILES = [
  { test: /node_modules\/zod\//, what: 'zod' },
  { test: /packages\/contract\/dist\/index\.js$/, what: "the contract's root entry (zod schemas)" },
  { test: /packages\/contract\/dist\/crypto\//, what: "the contract's signer" },
  { test: /packages\/sdk\/dist\/index\.js$/, what: "the SDK's main entry (GatewayClient)" },
]
const FORBIDDEN_MARKERS = [
  { marker: 'retryBaseDelay', what: "the gateway client's retry options (transport)" },
  { marker: 'createOrderShape', what: "the gateway client's options" },
  { marker: 'pass apiSecret to the GatewayClient', what: "the gateway client's parameter checks (validate-params)" },
]
const problems = [
  ...inputs.flatMap(({ file }) => FORBIDDEN_FILES.filter(({ test }) => test.test(file)).map(({ what }) => `the bundle includes ${file}: ${what}`)),
  ...FORBIDDEN_MARKERS.filter(({ marker }) => code.includes(marker)).map(({ marker, what }) => `the bundle contains '${marker}': ${what}`),
]
if (gzip > BUDGET_GZIP_BYTES) problems.push(`gzip size ${gzip} bytes is above the budget of ${BUDGET_GZIP_BYTES} bytes`)

if (problems.length > 0) {
  for (const problem of problems) console.log(`FAIL: ${problem}`)
  console.log('pin-bundle-size FAILED')
  process.exit(1)
}
console.log(`pin-bundle-size passed: ${kb(gzip)} gzip, within ${kb(BUDGET_GZIP_BYTES)}; no zod, contract schemas or gateway client`)
