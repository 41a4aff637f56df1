// The packages as a stranger gets them: packed with `npm pack`, installed with npm into fresh projects
// outside the repository, and used from there, as CI runs it (`npm run check:tarballs`, after the build).
//
// 1. Each tarball holds LICENSE, README.md and its dist/, no test file, and no absolute path of the build
//    machine (the repository's path, a home directory) in any file; its declarations (.d.ts) carry TSDoc and
//    no internal module note (a `@module` block of a module that is not an entry point).
// 2. Fresh projects, each with msw provided by the app (the mock's peer dependency), not by the mock:
//    - ESM on this Node with the newest msw 3 and the oldest msw the mock supports (2.7.0): every entry
//      point imported; with the in-process mock, an order paid, part of it refunded and its webhook verified,
//      a PIN set, verified (wrong, then right) and reset with the emailed code; setupServer with the app's
//      own msw; the SDK through the HTTP server; and a TypeScript file using the packages type-checks
//      (nodenext, strict; the lib check on with msw 3, off with msw 2.7, whose own declarations do not pass
//      it under TypeScript 6);
//    - CommonJS (require) of every entry point (the mock's `/vitest` aside: it imports vitest, an optional
//      peer, ESM-only), an SDK session, the HTTP server;
//    - every exported class of every entry point keeps its own name, in ESM and in CommonJS (a bundler's
//      rename shows in stack traces and `util.inspect` as `_class4 [NotFoundError]`);
//    - an SDK error printed by console.log and left uncaught, in ESM and in CommonJS: at most 25 lines, no
//      field without a value, and the uncaught one headed by its own first line (`NotFoundError: ...`), not
//      by the line of the SDK's compiled code that made it;
//    - the oldest Node LTS still supported (22): the packed SDK and mock, ESM and CommonJS;
//    - Bun and Deno, installed from the npm registry (the `bun` and `deno` packages, pinned below): the same
//      ESM session but setupServer (msw intercepts nothing there), as `bun run app.mjs` and
//      `deno run --allow-env --allow-net=127.0.0.1 app.mjs` run it.
// 3. Exactly one copy of msw is installed in each project (the app's).
//
// A step still running after 5 minutes is stopped and fails. Exits 1 when anything failed.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { env, installNode, OLDEST_NODE, PACKAGES, packPackages, root } from './lib/packed.mjs'

const MSW_NEWEST = JSON.parse(
  readFileSync(join(root, 'packages/mock/package.json'), 'utf8'),
).devDependencies.msw.replace(/^\^/, '')
const MSW_OLDEST = '2.7.0'
// Bun and Deno as the npm registry ships them (the `bun` and `deno` packages); the versions this check was
// last seen passing with.
const BUN = '1.4.5'
const DENO = '2.9.6'
// Longest any one step may take (a runtime left running by an open handle fails instead of hanging CI).
const STEP_TIMEOUT_MS = 300_000
const failures = []

function run(title, command, args, options = {}) {
  console.log(`$ ${[command, ...args].join(' ')}${options.cwd ? `   (in ${options.cwd})` : ''}`)
  const result = spawnSync(command, args, { cwd: root, env, encoding: 'utf8', timeout: STEP_TIMEOUT_MS, ...options })
  if (result.status !== 0) {
    failures.push(title)
    const how =
      result.error?.code === 'ETIMEDOUT'
        ? `stopped after ${STEP_TIMEOUT_MS / 1000} s`
        : `exit ${result.status ?? result.signal ?? result.error}`
    console.log(`  FAILED ${title} (${how})\n${(result.stdout ?? '') + (result.stderr ?? '')}`)
  }
  return result
}

const work = mkdtempSync(join(tmpdir(), 'merchant-gateway-tarballs-'))
try {
  // 1. Pack, then look inside.
  const tarballs = await packPackages(join(work, 'packs'), run)
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
    // The declarations carry the API's TSDoc, not the notes internal modules open with (an entry point's own
    // `@module \@merchant-gateway/...` block is public); what an editor shows a user comes from these files.
    const declarations = files.filter((f) => /\.d\.[cm]?ts$/.test(f))
    let examples = 0
    for (const file of declarations) {
      const text = readFileSync(file, 'utf8')
      examples += text.match(/@example/g)?.length ?? 0
      const notes = [...text.matchAll(/(?:^|\s)@module\s+(\S+)/g)]
        .map(([, name]) => name)
        .filter((name) => !/^\\?@merchant-gateway\//.test(name))
      if (notes.length > 0)
        problems.push(
          `${file.slice(join(unpacked, 'package').length + 1)} carries ${notes.length} internal module ` +
            `note(s): @module ${notes.join(', ')}`,
        )
    }
    if (declarations.length === 0) problems.push('no .d.ts')
    else if (examples === 0) problems.push('no TSDoc @example in any .d.ts')
    const leaks = [root, homedir()].filter((p) => p.length > 1)
    for (const file of files) {
      const text = readFileSync(file, 'latin1')
      for (const leak of leaks)
        if (text.includes(leak))
          problems.push(`${file.slice(join(unpacked, 'package').length + 1)} holds the absolute path ${leak}`)
    }
    console.log(
      `--- tarball ${name}: ${relative.length} files` +
        (problems.length
          ? ''
          : `, LICENSE and README.md present, no absolute path, ${declarations.length} declaration files ` +
            `with ${examples} TSDoc examples and no internal module note`),
    )
    for (const p of problems) console.log(`  PROBLEM ${p}`)
    if (problems.length) failures.push(`tarball ${name}`)
  }

  // The ESM session, run by Node, Bun and Deno alike: every entry point imported; with the in-process mock
  // (mock.fetch), an order paid by the customer, part of it refunded, the webhook verified with the merchant's
  // secret (and refused with another), an error's classes; a PIN user's set, wrong and right verify,
  // forgot-pin with the code from the mock's outbox, and reset; the HTTP server, reached by the SDK over real
  // HTTP. `setupServer` adds the mock's handlers run by the app's own msw (msw/node), on Node only: msw does
  // not intercept requests on Bun or Deno. One `ok:` line names the runtime and its version.
  const SETUP_SERVER = `
// msw: the app's own copy runs the mock's handlers.
const server = setupServer(...mock.handlers)
server.listen({ onUnhandledRequest: 'bypass' })
const stores = await new GatewayClient({ apiKey, apiSecret, baseUrl: mock.baseUrl, now }).stores.list()
server.close()
check(stores.length === 1, 'setupServer')
`
  const covered = (setupServer) =>
    [
      'every entry point',
      'an SDK session',
      'PIN and reset',
      setupServer ? 'setupServer with the app msw' : [],
      'the HTTP server',
    ]
      .flat()
      .join(', ')
  const esm = ({ setupServer }) => `
import { CURRENCIES, orderSchema } from '@merchant-gateway/contract'
import { PIN_PATHS } from '@merchant-gateway/contract/constants'
import { signer } from '@merchant-gateway/contract/crypto'
import { GatewayClient, InvalidRequestError } from '@merchant-gateway/sdk'
import { GatewayError, WrongPinError } from '@merchant-gateway/sdk/errors'
import { PinClient } from '@merchant-gateway/sdk/pin'
import { verifyWebhook, WebhookSignatureError } from '@merchant-gateway/sdk/webhooks'
import { createMockGateway } from '@merchant-gateway/mock'
import { DEMO_MERCHANT, startMockServer } from '@merchant-gateway/mock/server'
import { mockMatchers, readRequestLog } from '@merchant-gateway/mock/matchers'
${setupServer ? "import { setupServer } from 'msw/node'" : ''}

const runtime = globalThis.Deno
  ? \`Deno \${Deno.version.deno}\`
  : globalThis.Bun
    ? \`Bun \${Bun.version}\`
    : \`Node \${process.versions.node}\`
const check = (ok, what) => {
  if (!ok) throw new Error(\`\${runtime}: \${what}\`)
}

const mock = createMockGateway({ clock: { now: '2026-11-02T09:00:00Z', frozen: true } })
const { merchantId, apiKey, apiSecret } = await mock.merchants.create({ balances: { usd: 100 }, webhookUrl: null })
const { storeId } = await mock.stores.add(merchantId, { storeName: 'Riverside', address: '1 Main St' })
const now = () => Date.parse(mock.clock.now())
const gateway = new GatewayClient({ apiKey, apiSecret, baseUrl: mock.baseUrl, fetch: mock.fetch, now })
const order = await gateway.orders.create({ storeId, amount: 12.5, currency: 'USD' })
orderSchema.parse(order)
await mock.payments.create({ orderId: Number(order.order_id), status: 'SUCCESS' })
const refund = await gateway.refunds.create({ orderId: Number(order.order_id), amount: 2.5 })
check(refund.amount === 2.5, \`the refund is of \${refund.amount}, 2.5 expected\`)
const [webhook] = mock.webhooks.list()
const payload = await verifyWebhook(webhook.rawBody, webhook.signature, apiSecret, { now })
check(payload.status === 'SUCCESS', \`the webhook says \${payload.status}, SUCCESS expected\`)
const forged = await verifyWebhook(webhook.rawBody, webhook.signature, 'sk_other', { now }).catch((e) => e)
check(forged instanceof WebhookSignatureError, \`a webhook checked with another secret gave \${forged}\`)
const refused = await gateway.refunds.create({ orderId: Number(order.order_id), amount: 500 }).catch((e) => e)
check(refused instanceof InvalidRequestError && refused instanceof GatewayError, \`a refused refund gave \${refused}\`)

// PIN: a user made through the mock's control API, the client on mock.fetch.
const email = 'dara@example.com'
const { userId, accessToken } = await mock.users.create({ email, emailVerified: true })
const pins = new PinClient({ baseUrl: mock.baseUrl, accessToken, fetch: mock.fetch })
await pins.pin.set({ pin: '012345' })
const wrong = await pins.pin.verify({ pin: '999999' }).catch((e) => e)
check(wrong instanceof WrongPinError, \`a wrong PIN gave \${wrong}\`)
await pins.pin.verify({ pin: '012345' })
const { sessionId } = await pins.pinReset.request({ email })
const sent = mock.otp.list().findLast((m) => m.userId === userId && m.sessionId === sessionId)
check(sent?.to === email, 'forgot-pin sent no code to the e-mail address')
const verified = await pins.pinReset.verifyCode({ sessionId, code: sent.code, email })
await pins.pinReset.complete({ sessionId: verified.sessionId, newPin: '908172' })
await pins.pin.verify({ pin: '908172' })
check((await pins.pin.verify({ pin: '012345' }).catch((e) => e)) instanceof WrongPinError, 'the old PIN still works')
${setupServer ? SETUP_SERVER : ''}
// The HTTP server (node:http), its control API and the SDK over real HTTP.
const http = await startMockServer({ port: 0, seed: [DEMO_MERCHANT] })
try {
  const clock = await (await fetch(http.url + '/__mock/clock')).json()
  check(clock.now, 'the HTTP control API')
  const { apiKey, apiSecret } = DEMO_MERCHANT
  const [store] = await new GatewayClient({ apiKey, apiSecret, baseUrl: http.url }).stores.list()
  check(store?.storeName === DEMO_MERCHANT.stores[0].storeName, 'the SDK over HTTP')
  // The matchers' entry: the request log over HTTP, typed by operation.
  const [listed] = await readRequestLog({ baseUrl: http.url }, { operation: 'listStores' })
  check(listed?.status === 200 && listed.headers['x-api-key'] === '[redacted]', 'the request log over HTTP')
  check(typeof mockMatchers.toHaveReceived === 'function', 'the matchers')
} finally {
  await http.close()
}
check(CURRENCIES.length === 2 && PIN_PATHS.setPin && signer, 'entries')
console.log(\`ok: \${runtime}, ESM, ${covered(setupServer)}\`)
// The mock imports msw, which opens a BroadcastChannel at load and unrefs it where it can (Node, Bun);
// Deno's cannot be, so a Deno process that imported the mock does not end by itself.
if (globalThis.Deno) Deno.exit(0)
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
const { mockMatchers } = require('@merchant-gateway/mock/matchers')

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
  if (!CURRENCIES || !signer || !PinClient || !verifyWebhook || !mockMatchers) throw new Error('entries')
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
  // `await import(id)` in ESM and `require(id)` in CommonJS; the same text runs in both. The mock's `/vitest`
  // imports vitest, an optional peer these projects do not install (check:packages loads it in the repository).
  const ENTRY_POINTS = PACKAGES.flatMap((name) =>
    Object.keys(JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8')).exports)
      .filter((subpath) => !subpath.endsWith('.json') && !(name === 'mock' && subpath === './vitest'))
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

  // How an SDK error reads where a merchant sees it, in ESM and CommonJS: console.log of the 404 that
  // stores.list() gives a merchant without stores, then the same error uncaught (Node prints that one without
  // inspect hooks). Each must fit in 25 lines, named as its class, without the API key.
  const errorPrinting = (load, format) => `
const { inspect } = ${load.replace('id', "'node:util'")}
async function main() {
  const { GatewayClient, NotFoundError } = ${load.replace('id', "'@merchant-gateway/sdk'")}
  const { createMockGateway } = ${load.replace('id', "'@merchant-gateway/mock'")}
  const mock = createMockGateway()
  const merchant = await mock.merchants.create({})
  const { apiKey, apiSecret } = merchant
  const gateway = new GatewayClient({ apiKey, apiSecret, baseUrl: mock.baseUrl, fetch: mock.fetch })
  const error = await gateway.stores.list().catch((e) => e)
  if (!(error instanceof NotFoundError)) throw new Error('${format}: stores.list() did not throw a NotFoundError')
  if (process.argv[2] === 'uncaught') throw error
  const printed = inspect(error)
  const lines = printed.split('\\n')
  const problems = [
    lines.length > 25 && \`\${lines.length} lines\`,
    lines[0] !== 'NotFoundError: No stores found for this merchant' && \`first line \${JSON.stringify(lines[0])}\`,
    !/status: 404/.test(printed) && 'no status',
    /: undefined\\b/.test(printed) && 'a field without a value',
    printed.includes(merchant.apiKey) && 'the API key',
  ].filter(Boolean)
  if (problems.length > 0)
    throw new Error(\`${format}: console.log(error) printed \${problems.join(', ')}:\\n\${printed}\`)
  console.log(\`ok: ${format}, console.log of a NotFoundError is \${lines.length} lines\`)
}
main().catch((error) => {
  if (process.argv[2] === 'uncaught') throw error
  console.error(error.message)
  process.exit(1)
})
`

  /**
   * Runs `file` so that its error goes uncaught, and checks what Node printed: the error's own first line
   * first (no line of the SDK's compiled code above it), its fields without the empty ones, in 25 lines.
   */
  function checkUncaught(title, dir, file) {
    const result = spawnSync(process.execPath, [file, 'uncaught'], { cwd: dir, env, encoding: 'utf8' })
    const printed = (result.stderr ?? '').trimEnd()
    const lines = printed.split('\n')
    const headline = 'NotFoundError: No stores found for this merchant'
    const problems = [
      result.status !== 1 && `exit ${result.status}`,
      lines.length > 25 && `${lines.length} lines`,
      lines[0] !== headline && `the first line is ${JSON.stringify(lines[0])}, not ${JSON.stringify(headline)}`,
      /: undefined\b/.test(printed) && 'a field without a value',
      /_class\d|\[NotFoundError\]|x-api-key|mk_test_/i.test(printed) && 'a renamed class or the API key',
    ].filter(Boolean)
    if (problems.length > 0) {
      failures.push(title)
      console.log(`  FAILED ${title}: ${problems.join(', ')}\n${printed}`)
    } else console.log(`ok: ${title}, ${lines.length} lines, headed by its own first line`)
  }

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
  writeFileSync(join(newest, 'app.mjs'), esm({ setupServer: true }))
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
  writeFileSync(join(newest, 'error-printing.mjs'), errorPrinting('await import(id)', 'ESM'))
  writeFileSync(join(newest, 'error-printing.cjs'), errorPrinting('require(id)', 'CommonJS'))
  run('an SDK error printed in ESM', process.execPath, ['error-printing.mjs'], { cwd: newest, stdio: 'inherit' })
  run('an SDK error printed in CommonJS', process.execPath, ['error-printing.cjs'], { cwd: newest, stdio: 'inherit' })
  checkUncaught('an uncaught SDK error in ESM', newest, 'error-printing.mjs')
  checkUncaught('an uncaught SDK error in CommonJS', newest, 'error-printing.cjs')
  run(
    `TypeScript with msw ${MSW_NEWEST}`,
    process.execPath,
    [join(root, 'node_modules/typescript/bin/tsc'), '-p', '.'],
    { cwd: newest, stdio: 'inherit' },
  )

  // 2c. The oldest msw the mock supports.
  const oldest = project('app-msw-oldest', { ...packed, msw: MSW_OLDEST })
  writeFileSync(join(oldest, 'app.mjs'), esm({ setupServer: true }))
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
  const lts = project('app-node-oldest-lts', { ...packed, msw: MSW_NEWEST })
  writeFileSync(join(lts, 'app.mjs'), esm({ setupServer: true }))
  writeFileSync(join(lts, 'app.cjs'), CJS)
  const { binary: oldNode, version, problem } = await installNode(join(work, 'node-oldest-lts'), OLDEST_NODE, run)
  console.log(`--- oldest LTS: ${version}`)
  if (problem) failures.push(problem)
  run(`ESM on Node ${OLDEST_NODE}`, oldNode, ['app.mjs'], { cwd: lts, stdio: 'inherit' })
  run(`CommonJS on Node ${OLDEST_NODE}`, oldNode, ['app.cjs'], { cwd: lts, stdio: 'inherit' })

  // 2e. Bun and Deno, installed as npm packages (their install scripts put the platform's binary in place):
  // the ESM session as `bun run` and `deno run` run an app, setupServer aside.
  const runtimes = project(
    'app-bun-deno',
    { ...packed, msw: MSW_NEWEST, bun: BUN, deno: DENO },
    { allowScripts: { bun: true, deno: true } },
  )
  writeFileSync(join(runtimes, 'app.mjs'), esm({ setupServer: false }))
  const runtimeEnv = {
    ...env,
    NO_COLOR: '1',
    // Their caches stay in the project (removed with it), and Deno does not look for a newer version.
    DENO_DIR: join(runtimes, '.deno'),
    DENO_NO_UPDATE_CHECK: '1',
    BUN_RUNTIME_TRANSPILER_CACHE_PATH: join(runtimes, '.bun'),
  }
  const at = { cwd: runtimes, env: runtimeEnv }
  const bin = (name) => join(runtimes, 'node_modules', '.bin', name)
  for (const [name, pinned] of [
    ['bun', BUN],
    ['deno', DENO],
  ]) {
    const shown = run(`${name} --version`, bin(name), ['--version'], at).stdout?.trim().split('\n')[0]
    console.log(`--- ${name}: ${shown}`)
    if (!shown?.includes(pinned)) failures.push(`${name} ${pinned} did not install (got ${shown})`)
  }
  run(`ESM on Bun ${BUN}`, bin('bun'), ['run', 'app.mjs'], { ...at, stdio: 'inherit' })
  // Deno 2 resolves the packages from package.json and node_modules, which needs no read permission.
  // --allow-env: msw's `debug` lists the environment as it loads; --allow-net=127.0.0.1: the mock server
  // listens there and the SDK calls it.
  const denoFlags = ['--allow-env', '--allow-net=127.0.0.1']
  run(`ESM on Deno ${DENO}`, bin('deno'), ['run', ...denoFlags, 'app.mjs'], { ...at, stdio: 'inherit' })
} finally {
  rmSync(work, { recursive: true, force: true })
}

if (failures.length) {
  console.log(`\ncheck:tarballs FAILED: ${failures.join('; ')}`)
  process.exit(1)
}
console.log(
  '\ncheck:tarballs: the packed packages install and run from ESM and ' +
    'CommonJS, with the app providing msw, on Node 22 and this Node, and on Bun and Deno',
)
