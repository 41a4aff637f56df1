/**
 * @module mocks/shop
 * The world the page runs in, on a mock: the signed-in user, the coffee shop (a merchant with a store) and
 * the shop's backend, either opened on a fresh mock or taken from a saved state (a scenario file under
 * `scenarios/`, recorded by `scripts/record-scenarios.ts`). The dev server (src/mocks/browser.ts), the
 * stories (`stories/`) and the recording script share it, so a scenario file holds the same shop the dev
 * server opens. Dev server, stories and tests only.
 */
import { createMockGateway, type MockGateway, type MockSnapshot } from '@merchant-gateway/mock'
import type { HttpHandler } from 'msw'
import type { AppConfig } from '../config.js'
import { merchantBackend, ordersFromSnapshot, WEBHOOK_PATH } from './backend.js'

/** The signed-in user: name and e-mail address. */
export const USER = { name: 'Dara', email: 'dara@example.com' }

/** The PIN the user set in the scenarios that have one (the stories and tests type it). */
export const PIN = '204816'

/** The shop's name on the gateway. */
const SHOP = 'Riverside Coffee'

/**
 * Few hashing rounds: the mock hashes PINs with PBKDF2, and the default rounds take a while in a page.
 * A saved PIN hash keeps its own rounds; this is for the PINs set after a load.
 */
export const PIN_HASH_ITERATIONS = 1000

/** A mock with the shop in it: its msw handlers (the gateway's and the backend's) and the page's config. */
export interface MockWorld {
  mock: MockGateway
  /** `mock.handlers` and the shop's backend, for `setupWorker(...)` or a story's `msw.use(...)`. */
  handlers: HttpHandler[]
  config: AppConfig
  userId: number
}

/**
 * A fresh mock with the user and the shop made through its control API. `webhookUrl`: where the gateway
 * POSTs the shop's webhooks (the page's origin in a browser; none when recording a scenario in Node).
 *
 * @example
 * ```ts
 * const { handlers, config } = await openShop(new URL('/api/webhooks/gateway', location.origin).href)
 * ```
 */
export async function openShop(webhookUrl: string | null, mock = createShopMock()): Promise<MockWorld> {
  const user = await mock.users.create({ email: USER.email, emailVerified: true })
  const merchant = await mock.merchants.create({ name: SHOP, balances: { usd: 100 }, webhookUrl })
  const store = await mock.stores.add(merchant.merchantId, { storeName: 'Riverside', address: '1 Main St' })
  const backend = merchantBackend({
    mock,
    apiKey: merchant.apiKey,
    apiSecret: merchant.apiSecret,
    storeId: store.storeId,
  })
  return {
    mock,
    handlers: [...mock.handlers, ...backend],
    config: configFor(mock, user.accessToken, false),
    userId: user.userId,
  }
}

/** A mock as the shop's world uses one, with no state yet. */
function createShopMock(): MockGateway {
  return createMockGateway({ pinHashIterations: PIN_HASH_ITERATIONS })
}

/**
 * A mock started from a saved state (`createMockGateway({ state })`), with the shop and the user found in
 * it. The shop's backend starts with the orders the gateway holds (a real backend has a database of its
 * own; the stand-in's is rebuilt from the gateway's records), and the gateway's webhooks go to
 * `webhookUrl` (the state was recorded with none).
 *
 * @example
 * ```ts
 * const world = await loadShop(pinBlocked, new URL('/api/webhooks/gateway', location.origin).href)
 * ```
 */
export async function loadShop(saved: MockSnapshot, webhookUrl: string): Promise<MockWorld> {
  const state = saved.state
  if (!state) throw new Error('A scenario is a complete snapshot (taken without a limit): this one has no state.')
  const mock = createMockGateway({ state: saved, pinHashIterations: PIN_HASH_ITERATIONS })
  const merchant = state.merchants.find((m) => m.name === SHOP)
  const store = state.stores.find((s) => s.merchantId === merchant?.merchantId)
  const user = state.users.find((u) => u.email === USER.email)
  const shown = saved.users.find((u) => u.email === USER.email)
  if (!merchant || !store || !user || !shown) {
    throw new Error(`The scenario has no ${SHOP} with a store, or no ${USER.email}.`)
  }
  await mock.merchants.update(merchant.merchantId, { webhookUrl })
  const backend = merchantBackend({
    mock,
    apiKey: merchant.apiKey,
    apiSecret: merchant.apiSecret,
    storeId: store.storeId,
    orders: ordersFromSnapshot(saved, merchant.merchantId, mock.baseUrl),
  })
  return {
    mock,
    handlers: [...mock.handlers, ...backend],
    config: configFor(mock, user.accessToken, shown.hasPin),
    userId: user.userId,
  }
}

/**
 * The page's configuration on the mock: the user (with whether the mock holds a PIN for them, as a sign-in
 * would tell), the user's token, the gateway's base URL, the backend on this origin.
 */
function configFor(mock: MockGateway, accessToken: string, hasPin: boolean): AppConfig {
  return { user: { ...USER, hasPin }, accessToken, gatewayUrl: mock.baseUrl, backendUrl: '' }
}

/** The webhook URL of the shop's backend on the page's origin. */
export function webhookUrlHere(): string {
  return new URL(WEBHOOK_PATH, location.origin).href
}
