// What the browser bundles of @merchant-gateway/sdk must NOT contain, as an app's bundler sees the
// published package (`npm run bundle-contents -w @merchant-gateway/sdk`; check:packages runs it). Their
// sizes are size-limit's to check (.size-limit.mjs); a size cannot tell which code is in a bundle:
//
// - an app that imports only `isGatewayError` from `@merchant-gateway/sdk/errors` gets no client;
// - an app that imports `PinClient` from `@merchant-gateway/sdk/pin` gets no zod, none of the contract's
//   schemas or signer, and no gateway client (only ky, the PIN code and the errors);
// - a browser bundle of GatewayClient gets the contract's Web Crypto signer, not node:crypto.
//
// It bundles the BUILT package (dist/, through package.json `exports`, conditions browser/import/default)
// with esbuild and reads its metafile (the files that put bytes into the output) and the code (strings
// that survive minification). A dist older than its sources is refused rather than checked: build first
// (the npm script builds the contract and the SDK; check:packages builds all three packages).
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const sdkDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const repoRoot = join(sdkDir, '..', '..')
const contractDir = join(repoRoot, 'packages', 'contract')

const newest = (dir) =>
  Math.max(
    ...readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !e.name.endsWith('.test.ts'))
      .map((e) => statSync(join(e.parentPath, e.name)).mtimeMs),
  )
for (const [dist, src] of [
  [join(sdkDir, 'dist', 'index.js'), join(sdkDir, 'src')],
  [join(contractDir, 'dist', 'index.js'), join(contractDir, 'src')],
]) {
  if (!existsSync(dist) || statSync(dist).mtimeMs < newest(src)) {
    console.error(
      `bundle-contents: ${relative(repoRoot, dist)} is missing or older than its sources; build first (npm run build)`,
    )
    process.exit(1)
  }
}

/** The app's bundle: its code and the files that put bytes into it. */
async function bundle(source) {
  const result = await build({
    stdin: { contents: source, resolveDir: repoRoot, sourcefile: 'app.js', loader: 'js' },
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
  const [output] = Object.values(result.metafile.outputs)
  const files = Object.entries(output.inputs)
    .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
    .map(([file]) => file)
  return { code: result.outputFiles[0].text, files }
}

// Strings that exist only where the gateway client is: property names and literals survive minification.
const CLIENT_MARKERS = [
  'retryBaseDelay',
  'createOrderShape',
  'withOptions',
  'needs apiSecret: pass it to the GatewayClient',
]

// zod's own: every schema object carries its internals under `_zod`, a property name that survives minification.
// Found by its code, not its files: the SDK's dist bundles the parts of zod/mini it uses (a faster cold start).
const ZOD_MARKERS = ['_zod']

const checks = [
  {
    app: "export { isGatewayError } from '@merchant-gateway/sdk/errors'",
    files: [
      [/packages\/sdk\/dist\/index\.js$/, "the SDK's main entry (GatewayClient)"],
      [/packages\/contract\/dist\/crypto\//, "the contract's signer"],
      [/node_modules\/ky\//, 'ky'],
    ],
    markers: CLIENT_MARKERS,
  },
  {
    app:
      "import { PinClient } from '@merchant-gateway/sdk/pin'\nnew PinClient({ " +
      "baseUrl: 'https://x', accessToken: 't' }).pin.verify({ pin: '123456' " +
      '})',
    files: [
      [/node_modules\/zod\//, 'zod'],
      [/packages\/contract\/dist\/index\.js$/, "the contract's root entry (zod schemas)"],
      [/packages\/contract\/dist\/crypto\//, "the contract's signer"],
      [/packages\/sdk\/dist\/index\.js$/, "the SDK's main entry (GatewayClient)"],
    ],
    markers: [...CLIENT_MARKERS.filter((m) => m !== 'withOptions'), ...ZOD_MARKERS],
  },
  {
    app: "export { GatewayClient } from '@merchant-gateway/sdk'",
    files: [[/packages\/contract\/dist\/crypto\/index\.node\./, "the contract's node:crypto signer"]],
    // The contract's table of eras (the mock's release timeline) is not the client's: its era names and
    // deprecation texts must tree-shake away. So must the schemas the client never reads: the error bodies'
    // (`required_header` is the code-style body's field) and zod's ISO date, time and duration formats (only the
    // date-time is a contract field; `z.iso.datetime` through the namespace brought them all, 0.36 kB).
    markers: [
      'node:crypto',
      '1.3.0-deprecation-warning',
      'a key must be 1 to 255 characters',
      'required_header',
      'ZodMiniISOTime',
      'ZodMiniISODuration',
    ],
  },
]

let failed = false
console.log('bundle-contents: esbuild, platform browser, minify, conditions browser/import/default, built dist/')
for (const { app, files, markers } of checks) {
  const b = await bundle(app)
  const problems = [
    ...b.files.flatMap((file) =>
      files.filter(([test]) => test.test(file)).map(([, what]) => `includes ${file}: ${what}`),
    ),
    ...markers.filter((marker) => b.code.includes(marker)).map((marker) => `contains '${marker}'`),
  ]
  console.log(`${problems.length === 0 ? 'ok  ' : 'FAIL'} ${app.split('\n')[0]} (${b.files.length} files)`)
  for (const problem of problems) console.log(`       ${problem}`)
  failed ||= problems.length > 0
}
// Each marker must be in the client's own bundle, or its absence elsewhere proves nothing.
const client = await bundle("export { GatewayClient } from '@merchant-gateway/sdk'")
for (const marker of [...CLIENT_MARKERS, ...ZOD_MARKERS].filter((m) => !client.code.includes(m))) {
  console.log(`FAIL marker '${marker}' is not in the GatewayClient bundle either; it proves nothing, pick another`)
  failed = true
}
if (failed) {
  console.log('bundle-contents FAILED')
  process.exit(1)
}
console.log('bundle-contents passed')
