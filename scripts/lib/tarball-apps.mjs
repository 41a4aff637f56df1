// The programs check-tarballs writes into each fresh project and runs there (scripts/check-tarballs.mjs says
// which project runs which, on which runtime): the ESM session, the CommonJS one, a TypeScript file to type-check,
// the class-name check and the error-printing check. Each prints one `ok:` line, or throws (exit 1).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PACKAGES, root } from './packed.mjs'

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
export const esm = ({ setupServer }) => `
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

export const CJS = `
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

export const TS = `
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

// A test file that uses the mock's matchers and imports nothing of the mock's `/vitest` entry: its types come from
// the tsconfig's `"types": ["@merchant-gateway/mock/vitest"]` alone (docs/mock.md offers that). The expected body
// is the operation's request type, so a field it does not have must be an error (the matchers are not `any`).
export const VITEST_TYPES = `
import { createMockGateway } from '@merchant-gateway/mock'
import { expect } from 'vitest'

const mock = createMockGateway()
expect(mock).toHaveReceived('createOrder')
expect(mock).toHaveReceived('refundOrder', { orderId: 1001 })
expect(mock).not.toHaveReceivedTimes('createOrder', 2, { amount: 12.5 })
// @ts-expect-error: orderID is no field of a refund's request
expect(mock).toHaveReceived('refundOrder', { orderID: 1001 })
`

// A test file run by vitest 4 with the matchers of the mock's `/vitest-4` entry (registered at run time, typed for
// vitest 3.2 and 4): they pass and fail as documented, and their types reach vitest 4's Assertion (not `any`).
export const VITEST_4_TEST = `
import '@merchant-gateway/mock/vitest-4'
import { createMockGateway } from '@merchant-gateway/mock'
import { expect, it } from 'vitest'

it('the matchers of /vitest-4 judge the calls a mock received', async () => {
  const mock = createMockGateway()
  const merchant = await mock.merchants.create({})
  await mock.fetch(mock.baseUrl + '/api/v1/payment-gateway/stores/list', {
    method: 'POST',
    headers: { 'X-Api-Key': merchant.apiKey },
  })
  expect(mock).toHaveReceived('listStores')
  expect(mock).toHaveReceivedTimes('listStores', 1)
  expect(mock).not.toHaveReceived('createOrder')
  expect(() => expect(mock).toHaveReceived('createOrder')).toThrow('no createOrder request')
})

export function typed(mock: ReturnType<typeof createMockGateway>): void {
  // @ts-expect-error: orderID is no field of a refund's request
  expect(mock).toHaveReceived('refundOrder', { orderID: 1001 })
}
`

// Every class exported by an entry point (the JSON exports aside) is named as it is exported. `load` is
// `await import(id)` in ESM and `require(id)` in CommonJS; the same text runs in both. The mock's `/vitest` and
// `/vitest-4` import vitest, an optional peer these projects do not install (check:packages loads it in the
// repository).
const ENTRY_POINTS = PACKAGES.flatMap((name) =>
  Object.keys(JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8')).exports)
    .filter((subpath) => !subpath.endsWith('.json') && !(name === 'mock' && subpath.startsWith('./vitest')))
    .map((subpath) => `@merchant-gateway/${name}${subpath.slice(1)}`),
)
export const classNames = (load, format) => `
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
export const errorPrinting = (load, format) => `
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
