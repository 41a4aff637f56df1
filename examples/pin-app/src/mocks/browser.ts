/**
 * @module mocks/browser
 * The dev server's backend: the mock gateway and a stand-in merchant backend in MSW's service worker,
 * a signed-in user, and the "Mock state" panel. Loaded by src/main.ts behind `import.meta.env.DEV`, so
 * a production build contains none of it.
 *
 * Each page load makes a fresh mock: state lives in the page's memory, so a reload starts again, and
 * two tabs (or two end-to-end tests) never share it. The mock is `window.__mock`, for the browser's
 * console and for the end-to-end tests, which act through it as the outside world: read the code from
 * the mailbox, move the clock, pay an order.
 */
import { createMockGateway, type MockGateway } from '@merchant-gateway/mock'
import { setupWorker } from 'msw/browser'
import type { AppConfig } from '../config.js'
import { merchantBackend, WEBHOOK_PATH } from './backend.js'
import { mountMockPanel } from './panel.js'

declare global {
  interface Window {
    /** The page's mock gateway (dev server only). */
    __mock?: MockGateway
  }
}

/** The signed-in user of the dev server. */
const USER = { name: 'Dara', email: 'dara@example.com' }

/**
 * Starts the mocks and returns the configuration that points the page at them.
 *
 * @example
 * ```ts
 * const config = await startMocks() // then renderApp(root, config)
 * ```
 */
export async function startMocks(): Promise<AppConfig> {
  // Few hashing rounds: the mock hashes PINs with PBKDF2, and the default rounds take a while in a page.
  const mock = createMockGateway({ pinHashIterations: 1000 })
  const user = await mock.users.create({ email: USER.email, emailVerified: true })
  const merchant = await mock.merchants.create({
    name: 'Riverside Coffee',
    balances: { usd: 100 },
    webhookUrl: new URL(WEBHOOK_PATH, location.origin).href,
  })
  const store = await mock.stores.add(merchant.merchantId, { storeName: 'Riverside', address: '1 Main St' })

  const backend = merchantBackend({
    mock,
    apiKey: merchant.apiKey,
    apiSecret: merchant.apiSecret,
    storeId: store.storeId,
  })
  const worker = setupWorker(...mock.handlers, ...backend)
  // 'bypass': the dev server's own requests (modules, styles) go to it untouched.
  await worker.start({ quiet: true, onUnhandledFrame: 'bypass' })

  window.__mock = mock
  mountMockPanel(document.body, mock, user.userId)
  return { user: USER, accessToken: user.accessToken, gatewayUrl: mock.baseUrl, backendUrl: '' }
}
