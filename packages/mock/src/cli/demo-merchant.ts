/**
 * @module demo-merchant
 * The merchant the CLI server starts with. Its credentials are fixed so that a curl line, a Postman
 * collection or a script in another language written once keeps working on every start.
 */
import type { SeedMerchant } from '../options.js'

/**
 * A seed merchant whose credentials, store and account are all known in advance.
 *
 * @example
 * ```ts
 * const key: DemoMerchant['apiKey'] = DEMO_MERCHANT.apiKey // 'mk_test_demo'
 * ```
 */
export interface DemoMerchant extends SeedMerchant {
  name: string
  apiKey: string
  apiSecret: string
  balances: { usd: number; khr: number }
  stores: Array<{ storeName: string; address: string }>
  accounts: Array<{ accountNumber: string; accountName: string }>
}

/**
 * The demo merchant's seed, as `merchant-gateway-mock serve` creates it (merchant id 1, store id 101).
 *
 * @example
 * ```ts
 * const server = await startMockServer({ seed: [DEMO_MERCHANT] })
 * await fetch(`${server.url}/api/v1/payment-gateway/stores/list`, { method: 'POST', headers: {
 *   'X-Api-Key': DEMO_MERCHANT.apiKey } })
 * ```
 */
export const DEMO_MERCHANT: DemoMerchant = {
  name: 'Demo Merchant',
  apiKey: 'mk_test_demo',
  apiSecret: 'sk_test_demo',
  balances: { usd: 1000, khr: 4_000_000 },
  stores: [{ storeName: 'Demo Store', address: '1 Demo Street, Phnom Penh' }],
  accounts: [{ accountNumber: '100200300', accountName: 'Demo Merchant Co., Ltd.' }],
}
