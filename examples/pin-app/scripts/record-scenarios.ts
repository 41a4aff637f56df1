/**
 * Records the scenario files under `scenarios/`: each is a state of the mock (a complete `mock.snapshot()`)
 * that the stories and some end-to-end tests start from. Each state is built the way the page and the
 * outside world would build it: the shop opened on a fresh mock (src/mocks/shop.ts), then the user's calls
 * through the SDK's `PinClient`, the shop's through `GatewayClient`, and the customer and time through the
 * mock's control API. The clock is frozen at a fixed time and the mock's random values (keys, salts,
 * codes, session ids) come from the mock's seeded generator (`withSeededRandomness`), so a run writes the same
 * bytes each time.
 *
 * Usage: npm run scenarios (writes scenarios/*.json); npm run scenarios -- --check (fails when a committed
 * file differs from what the script records now).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createMockGateway, type MockGateway, withSeededRandomness } from '@merchant-gateway/mock'
import { GatewayClient } from '@merchant-gateway/sdk'
import { PinClient } from '@merchant-gateway/sdk/pin'
import { openShop, PIN, PIN_HASH_ITERATIONS, USER } from '../src/mocks/shop.js'

/** Where every scenario starts: a Monday morning, the clock frozen. */
const START = '2026-11-02T09:00:00Z'

/** A shop on a fresh mock, with the user's PIN client and the shop's gateway client on it. */
async function shop() {
  const mock = createMockGateway({ clock: { now: START, frozen: true }, pinHashIterations: PIN_HASH_ITERATIONS })
  const { config } = await openShop(null, mock)
  const pins = new PinClient({ baseUrl: mock.baseUrl, accessToken: config.accessToken, fetch: mock.fetch })
  const [merchant] = (await mock.snapshot()).merchants
  if (!merchant) throw new Error('openShop made no merchant')
  const gateway = new GatewayClient({
    apiKey: merchant.apiKey,
    apiSecret: merchant.apiSecret,
    baseUrl: mock.baseUrl,
    fetch: mock.fetch,
    now: () => Date.parse(mock.clock.now()),
  })
  const storeId = merchant.stores[0]!.storeId
  const order = async (amount: number) =>
    Number((await gateway.orders.create({ storeId, amount, currency: 'USD' })).order_id)
  return { mock, pins, gateway, order }
}

/** Each scenario: its file name (without `.json`) and how its state is reached. */
const SCENARIOS: Record<string, () => Promise<MockGateway>> = {
  'pin-not-set': async () => (await shop()).mock,
  'pin-set': async () => {
    const { mock, pins } = await shop()
    await pins.pin.set({ pin: PIN })
    return mock
  },
  'pin-blocked': async () => {
    const { mock, pins } = await shop()
    await pins.pin.set({ pin: PIN })
    // Five wrong PINs, ten seconds apart: the fifth blocks the PIN for a minute.
    for (let attempt = 0; attempt < 5; attempt++) {
      await mock.clock.advance(10_000)
      await pins.pin.verify({ pin: '111111' }).catch(() => undefined)
    }
    return mock
  },
  'otp-expired': async () => {
    const { mock, pins } = await shop()
    await pins.pin.set({ pin: PIN })
    await pins.pinReset.request({ email: USER.email })
    // The user comes back to the e-mail 10 minutes and a second later.
    await mock.clock.advance(10 * 60_000 + 1000)
    return mock
  },
  'order-pending': async () => {
    const { mock, order } = await shop()
    await order(12.5)
    return mock
  },
  'order-paid': async () => {
    const { mock, order } = await shop()
    const orderId = await order(12.5)
    await mock.clock.advance(60_000)
    await mock.payments.create({ orderId, status: 'SUCCESS' })
    return mock
  },
  'payment-failed': async () => {
    const { mock, order } = await shop()
    const orderId = await order(4.2)
    await mock.clock.advance(60_000)
    await mock.payments.create({ orderId, status: 'FAILED' })
    return mock
  },
  'refund-pending': async () => {
    const { mock, gateway, order } = await shop()
    const orderId = await order(12.5)
    await mock.clock.advance(60_000)
    await mock.payments.create({ orderId, status: 'SUCCESS' })
    // The shop refunds the order in full; a refund settles a business day or more later.
    await mock.clock.advance(5 * 60_000)
    await gateway.refunds.create({ orderId, amount: 12.5 })
    return mock
  },
}

/** The file text of each scenario, as the script records it now. */
async function recordAll(): Promise<Map<string, string>> {
  const files = new Map<string, string>()
  for (const [index, [name, build]] of Object.entries(SCENARIOS).entries()) {
    const text = await withSeededRandomness(
      index + 1,
      async () => `${JSON.stringify(await (await build()).snapshot(), null, 2)}\n`,
    )
    files.set(name, text)
  }
  return files
}

const dir = fileURLToPath(new URL('../scenarios/', import.meta.url))
const check = process.argv.includes('--check')
const stale: string[] = []
for (const [name, text] of await recordAll()) {
  const file = `${dir}${name}.json`
  if (!check) writeFileSync(file, text)
  else if (readOrEmpty(file) !== text) stale.push(`scenarios/${name}.json`)
}
if (stale.length > 0) {
  console.error(`Scenario files differ from what scripts/record-scenarios.ts records: ${stale.join(', ')}`)
  console.error('Run `npm run scenarios -w @merchant-gateway/example-pin-app` and commit the files.')
  process.exit(1)
}
console.log(`${Object.keys(SCENARIOS).length} scenario files ${check ? 'are up to date' : 'written'} in scenarios/`)

function readOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}
