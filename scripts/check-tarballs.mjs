// The packages as a stranger gets them: packed with `npm pack`, installed with npm into fresh projects
// outside the repository, and used from there, as CI runs it (`npm run check:tarballs`, after the build).
//
// 1. Each tarball holds LICENSE, README.md and its dist/, no test file, and no absolute path of the build
//    machine (the repository's path, a home directory) in any file.
// 2. Fresh projects, each with msw provided by the app (the mock's peer dependency), not by the mock:
//    - ESM on this Node with the newest msw 3 and the oldest msw the mock supports (2.7.0): every entry
//      point imported, an SDK session against the in-process mock, setupServer with the app's own msw,
//      the HTTP server; and a TypeScript file using the packages type-checks (nodenext, strict; the lib
//      check on with msw 3, off with msw 2.7, whose own declarations do not pass it under TypeScript 6);
//    - CommonJS (require) of every entry point, the same session;
//    - every exported class of every entry point keeps its own name, in ESM and in CommonJS (a bundler's
//      rename shows in stack traces and `util.inspect` as `_class4 [NotFoundError]`);
//    - the oldest Node LTS still supported (22): the packed SDK and mock, ESM and CommonJS.
// 3. Exactly one copy of msw is installed in each project (the app's).
//
// Exits 1 when anything failed.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const env = {
  ...process.env,
  PATH: `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}`,
  npm_config_update_notifier: 'false',
}
const PACKAGES = ['contract', 'sdk', 'mock']
const MSW_NEWEST = JSON.parse(
  readFileSync(join(root, 'packages/mock/package.json'), 'utf8'),
).devDependencies.msw.replace(/^\^/, '')
const MSW_OLDEST = '2.7.0'
const OLDEST_NODE = '22'
const failures = []

function run(title, command, args, options = {}) {
  console.log(`$ ${[command, ...args].join(' ')}${options.cwd ? `   (in ${options.cwd})` : ''}`)
  const result = spawnSync(command, args, { cwd: root, env, encoding: 'utf8', ...options })
  if (result.status !== 0) {
    failures.push(title)
    console.log(
      `  FAILED ${title} (exit ${result.status ?? result.signal})\n${(result.stdout ?? '') + (result.stderr ?? '')}`,
    )
  }
  return result
}

const work = mkdtempSync(join(tmpdir(), 'merchant-gateway-tarballs-'))
try {
  // 1. Pack, then look inside.
  const packs = join(work, 'packs')
  mkdirSync(packs)
  const tarballs = {}
  for (const name of PACKAGES) {
    const result = run(`npm pack ${name}`, 'npm', ['pack', '--pack-destination', packs, '--silent'], {
      cwd: join(root, 'packages', name),
    })
    tarballs[name] = join(packs, result.stdout.trim().split('\n').at(-1))
  }
  for (const [name, tarball] of Object.entries(tarballs)) {
    const unpacked = join(work, `unpacked-${name}`)
    mkdirSync(unpacked)
    run(`unpack ${name}`, 'tar', ['xzf', tarball, '-C', unpacked])
    const files = readdirSync(join(unpacked, 'package'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
    const relative = files.map((f) => f.slice(join(unpacked, 'package').length + 1))
    const problems = []
    for (const required of ['LICENSE', 'README.md', 'package.json'])
      if (!relative.includes(required)) problems.push(`${required} missing`)
    if (!relative.some((f) => f.startsWith('dist/'))) problems.push('no dist/')
    for (const f of relative.filter((f) => /\.test\.[cm]?[jt]s$/.test(f))) problems.push(`test file ${f}`)
    const leaks = [root, homedir()].filter((p) => p.length > 1)
    for (const file of files) {
      const text = readFileSync(file, 'latin1')
      for (const leak of leaks)
        if (text.includes(leak))
          problems.push(`${file.slice(join(unpacked, 'package').length + 1)} holds the absolute path ${leak}`)
    }
    console.log(
      `--- tarball ${name}: ${relative.length} files` +
        (problems.length ? '' : ', LICENSE and README.md present, no absolute path'),
    )
    for (const p of problems) console.log(`  PROBLEM ${p}`)
    if (problems.length) failures.push(`tarball ${name}`)
  }

  const ESM = `
import { CURRENCIES, orderSchema } from '@merchant-gateway/contract'
import { PIN_PATHS } from '@merchant-gateway/contract/constants'
import { signer } from '@merchant-gateway/contract/crypto'
import { GatewayClient, InvalidRequestError } from '@merchant-gateway/sdk'
import { GatewayError } from '@merchant-gateway/sdk/errors'
import { PinClient } from '@merchant-gateway/sdk/pin'
import { verifyWebhook } from '@merchant-gateway/sdk/webhooks'
import { createMockGateway } from '@merchant-gateway/mock'
import { DEMO_MERCHANT, startMockServer } from '@merchant-gateway/mock/server'
import { setupServer } from 'msw/node'

const mock = createMockGateway({ clock: { now: '2026-11-02T09:00:00Z', frozen: true } })
const { merchantId, apiKey, apiSecret } = await mock.merchants.create({ balances: { usd: 100 }, webhookUrl: null })
const { storeId } = await mock.stores.add(merchantId, { storeName: 'Riverside', address: '1 Main St' })
const now = () => Date.parse(mock.clock.now())
const gateway = new GatewayClient({ apiKey, apiSecret, baseUrl: mock.baseUrl, fetch: mock.fetch, now })
const order = await gateway.orders.create({ storeId, amount: 12.5, currency: 'USD' })
orderSchema.parse(order)
await mock.payments.create({ orderId: Number(order.order_id), status: 'SUCCESS' })
const refund = await gateway.refunds.create({ orderId: Number(order.order_id), amount: 2.5 })
if (refund.amount !== 2.5) throw new Error('refund')
const [webhook] = mock.webhooks.list()
const payload = await verifyWebhook(webhook.rawBody, webhook.signature, apiSecret, { now })
if (payload.status !== 'SUCCESS') throw new Error('webhook')
const refused = await gateway.refunds.create({ orderId: Number(order.order_id), amount: 500 }).catch((e) => e)
if (!(refused instanceof InvalidRequestError) || !(refused instanceof GatewayError)) throw new Error('error classes')

// msw: the app's own copy runs the mock's handlers.
const server = setupServer(...mock.handlers)
server.listen({ onUnhandledRequest: 'bypass' })
const stores = await new GatewayClient({ apiKey, apiSecret, baseUrl: mock.baseUrl, now }).stores.list()
server.close()
if (stores.length !== 1) throw new Error('setupServer')

const http = await startMockServer({ port: 0, seed: [DEMO_MERCHANT] })
const clock = await (await fetch(http.url + '/__mock/clock')).json()
await http.close()
new PinClient({ baseUrl: mock.baseUrl, accessToken: 't' })
if (!clock.now || CURRENCIES.length !== 2 || !PIN_PATHS.setPin || !signer) throw new Error('entries')
console.log('ok: ESM, every entry point, an SDK session, setupServer with the app msw, the HTTP server')
`

  const CJS = `
const { CURRENCIES } = require('@merchant-gateway/contract')
const { signer } = require('@merchant-gateway/contract/crypto')
const { GatewayClient } = require('@merchant-gateway/sdk')
const { GatewayError } = require('@merchant-gateway/sdk/errors')
const { PinClient } = require('@merchant-gateway/sdk/pin')
const { verifyWebhook } = require('@merchant-gateway/sdk/webhooks')
const { createMockGateway } = require('@merchant-gateway/mock')
const { startMockServer } = require('@merchant-gateway/mock/server')

async function main() {
  const mock = createMockGateway({ clock: { now: '2026-11-02T09:00:00Z', frozen: true } })
  const { merchantId, apiKey, apiSecret } = await mock.merchants.create({ balances: { usd: 100 } })
  const { storeId } = await mock.stores.add(merchantId, { storeName: 'Riverside', address: '1 Main St' })
  const now = () => Date.parse(mock.clock.now())
  const gateway = new GatewayClient({ apiKey, apiSecret, baseUrl: mock.baseUrl, fetch: mock.fetch, now })
  const order = await gateway.orders.create({ storeId, amount: 12.5, currency: 'USD' })
  await mock.payments.create({ orderId: Number(order.order_id), status: 'SUCCESS' })
  const refused = await gateway.refunds.create({ orderId: Number(order.order_id), amount: 500 }).catch((e) => e)
  if (!(refused instanceof GatewayError)) throw new Error('error classes under require')
  const http = await startMockServer({ port: 0 })
  await http.close()
  if (!CURRENCIES || !signer || !PinClient || !verifyWebhook) throw new Error('entries')
  console.log('ok: CommonJS, every entry point, an SDK session, the HTTP server')
}
main().catch((error) => {
  console.error(error)
  process.exit(1)
})
`

  const TS = `
import { createMockGateway, type MockGateway } from '@merchant-gateway/mock'
import { startMockServer, type MockServer } from '@merchant-gateway/mock/server'
import { GatewayClient, type GatewayClientOptions } from '@merchant-gateway/sdk'
import { verifyWebhook } from '@merchant-gateway/sdk/webhooks'
import { orderSchema, type Order } from '@merchant-gateway/contract'
import { setupServer } from 'msw/node'
import type { HttpHandler } from 'msw'

const mock: MockGateway = createMockGateway({ clock: { now: '2026-11-02T09:00:00Z', frozen: true } })
const handlers: HttpHandler[] = mock.handlers
export const server = setupServer(...handlers)
const options: GatewayClientOptions = { apiKey: 'k', apiSecret: 's', baseUrl: mock.baseUrl, fetch: mock.fetch }
export const gateway = new GatewayClient(options)
export async function order(): Promise<Order> {
  return orderSchema.parse(await gateway.orders.create({ storeId: 101, amount: 1, currency: 'USD' }))
}
export async function serve(): Promise<MockServer> {
  return startMockServer({ port: 0 })
}
export const verify = verifyWebhook
`

  // Every class exported by an entry point (the JSON exports aside) is named as it is exported. `load` is
  // `await import(id)` in ESM and `require(id)` in CommonJS; the same text runs in both.
  const ENTRY_POINTS = PACKAGES.flatMap((name) =>
    Object.keys(JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8')).exports)
      .filter((subpath) => !subpath.endsWith('.json'))
      .map((subpath) => `@merchant-gateway/${name}${subpath.slice(1)}`),
  )
  const classNames = (load, format) => `
const entryPoints = ${JSON.stringify(ENTRY_POINTS)}
async function checkClassNames() {
  const classes = new Map()
  const renamed = []
  let exports = 0
  for (const id of entryPoints) {
    const mod = ${load}
    for (const [exported, value] of Object.entries(mod)) {
      if (typeof value !== 'function' || !/^class\\b/.test(Function.prototype.toString.call(value))) continue
      classes.set(value, exported)
      exports++
      if (value.name !== exported) renamed.push(\`\${id}: \${exported} is named \${JSON.stringify(value.name)}\`)
    }
  }
  // 25 distinct classes today: finding fewer means the check no longer sees them, not that they are fine.
  if (classes.size < 25) renamed.push(\`only \${classes.size} exported classes found (25 or more expected)\`)
  if (renamed.length > 0) throw new Error(\`${format}: class names lost:\\n  \${renamed.join('\\n  ')}\`)
  const where = \`\${exports} exports in \${entryPoints.length} entry points\`
  console.log(\`ok: ${format}, all \${classes.size} classes keep their names (\${where})\`)
}
checkClassNames().catch((error) => {
  console.error(error.message)
  process.exit(1)
})
`

  function project(name, dependencies, extra = {}) {
    const dir = join(work, name)
    mkdirSync(dir)
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name, private: true, type: 'module', dependencies, ...extra }, null, 2),
    )
    const result = run(`install ${name}`, 'npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: dir,
    })
    if (result.status === 0) {
      const copies = readdirSync(dir, { recursive: true }).filter((p) =>
        String(p).endsWith(join('node_modules', 'msw', 'package.json')),
      )
      console.log(`--- ${name}: msw installed ${copies.length} time(s)`)
      if (copies.length !== 1) failures.push(`${name}: ${copies.length} copies of msw`)
    }
    return dir
  }

  const packed = Object.fromEntries(PACKAGES.map((n) => [`@merchant-gateway/${n}`, `file:${tarballs[n]}`]))

  // 2a/2b. ESM and CJS with the newest msw, and the type check.
  const newest = project('app-msw-newest', { ...packed, msw: MSW_NEWEST })
  writeFileSync(join(newest, 'app.mjs'), ESM)
  writeFileSync(join(newest, 'app.cjs'), CJS)
  writeFileSync(join(newest, 'app.ts'), TS)
  writeFileSync(
    join(newest, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: ['node'],
        typeRoots: [join(root, 'node_modules', '@types')],
      },
      files: ['app.ts'],
    }),
  )
  run(`ESM with msw ${MSW_NEWEST}`, process.execPath, ['app.mjs'], { cwd: newest, stdio: 'inherit' })
  run(`CommonJS with msw ${MSW_NEWEST}`, process.execPath, ['app.cjs'], { cwd: newest, stdio: 'inherit' })
  writeFileSync(join(newest, 'class-names.mjs'), classNames('await import(id)', 'ESM'))
  writeFileSync(join(newest, 'class-names.cjs'), classNames('require(id)', 'CommonJS'))
  run('class names in ESM', process.execPath, ['class-names.mjs'], { cwd: newest, stdio: 'inherit' })
  run('class names in CommonJS', process.execPath, ['class-names.cjs'], { cwd: newest, stdio: 'inherit' })
  run(
    `TypeScript with msw ${MSW_NEWEST}`,
    process.execPath,
    [join(root, 'node_modules/typescript/bin/tsc'), '-p', '.'],
    { cwd: newest, stdio: 'inherit' },
  )

  // 2c. The oldest msw the mock supports.
  const oldest = project('app-msw-oldest', { ...packed, msw: MSW_OLDEST })
  writeFileSync(join(oldest, 'app.mjs'), ESM)
  writeFileSync(join(oldest, 'app.ts'), TS)
  // msw 2.7's own declarations (its @mswjs/interceptors) do not pass a lib check under TypeScript 6, so this
  // one skips the lib check: the app's code against our types is still checked (ours are lib-checked above).
  const strictConfig = JSON.parse(readFileSync(join(newest, 'tsconfig.json'), 'utf8'))
  writeFileSync(
    join(oldest, 'tsconfig.json'),
    JSON.stringify({ ...strictConfig, compilerOptions: { ...strictConfig.compilerOptions, skipLibCheck: true } }),
  )
  run(`ESM with msw ${MSW_OLDEST}`, process.execPath, ['app.mjs'], { cwd: oldest, stdio: 'inherit' })
  run(
    `TypeScript with msw ${MSW_OLDEST}`,
    process.execPath,
    [join(root, 'node_modules/typescript/bin/tsc'), '-p', '.'],
    { cwd: oldest, stdio: 'inherit' },
  )

  // 2d. The oldest Node LTS: Node itself from the npm registry (the `node` package), as the repo brings its own.
  const lts = project(
    'app-node-oldest-lts',
    { ...packed, msw: MSW_NEWEST, node: `^${OLDEST_NODE}` },
    { allowScripts: { node: true } },
  )
  writeFileSync(join(lts, 'app.mjs'), ESM)
  writeFileSync(join(lts, 'app.cjs'), CJS)
  const oldNode = join(lts, 'node_modules', '.bin', 'node')
  const version = run(`Node ${OLDEST_NODE}`, oldNode, ['--version'], { cwd: lts })
  console.log(`--- oldest LTS: ${version.stdout?.trim()}`)
  if (!version.stdout?.startsWith(`v${OLDEST_NODE}.`))
    failures.push(`Node ${OLDEST_NODE} did not install (got ${version.stdout?.trim()})`)
  run(`ESM on Node ${OLDEST_NODE}`, oldNode, ['app.mjs'], { cwd: lts, stdio: 'inherit' })
  run(`CommonJS on Node ${OLDEST_NODE}`, oldNode, ['app.cjs'], { cwd: lts, stdio: 'inherit' })
} finally {
  rmSync(work, { recursive: true, force: true })
}

if (failures.length) {
  console.log(`\ncheck:tarballs FAILED: ${failures.join('; ')}`)
  process.exit(1)
}
console.log(
  '\ncheck:tarballs: the packed packages install and run from ESM and ' +
    'CommonJS, with the app providing msw, on Node 22 and this Node',
)
