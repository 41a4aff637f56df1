/**
 * The release timeline over the wire: the CLI server started with `--now 2026-01-15` (release 1.3.0's
 * warning week), then moved to 2026-03-10 (release 1.4.0's warning week) through the control API, driven
 * with plain HTTP requests as a client in another language would send them (no SDK), signed by hand.
 */
import { createHmac, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { http, startCli, stopCli, type Cli } from './cli-process.js'

const DEMO = { apiKey: 'mk_test_demo', apiSecret: 'sk_test_demo', merchantId: 1, storeId: 101, account: '100200300' }
const REFUND = '/api/v1/payment-gateway/order/refund'
const PAYOUT = '/api/v1/payment-gateway/order/payout'
const LIST_STORES = '/api/v1/payment-gateway/stores/list'
const WARNING = 'x-service-deprecation-warning'

function signRequest(secret: string, body: string, timestamp: string): string {
  return createHmac('sha256', secret)
    .update(body + timestamp)
    .digest('hex')
}

describe('the CLI server on 2026-01-15 and 2026-03-10, plain HTTP', () => {
  let cli: Cli
  let appId: string

  /** Unix seconds of the server's clock (frozen). */
  async function serverSeconds(): Promise<string> {
    const { body } = await http('GET', `${cli.url}/__mock/clock`)
    return String(Math.floor(Date.parse(body.now) / 1000))
  }

  async function paidOrder(amount: number): Promise<number> {
    const order = await http(
      'POST',
      `${cli.url}/api/v1/payment-gateway/order/create`,
      { storeId: DEMO.storeId, amount, currency: 'USD' },
      { 'X-Api-Key': DEMO.apiKey },
    )
    expect(order.status).toBe(200)
    const orderId = Number(order.body.order_id)
    expect((await http('POST', `${cli.url}/__mock/payments`, { orderId, status: 'SUCCESS' })).status).toBe(201)
    return orderId
  }

  /** A refund or payout in the earlier form: X-App-Id, X-Api-Key, X-Timestamp, snake_case, no signature. */
  async function earlier(path: string, body: unknown, key?: string) {
    const headers: Record<string, string> = {
      'X-App-Id': appId,
      'X-Api-Key': DEMO.apiKey,
      'X-Timestamp': await serverSeconds(),
    }
    if (key) headers['X-Idempotent-Key'] = key
    return http('POST', `${cli.url}${path}`, body, headers)
  }

  /** A refund or payout in the current form, signed over the exact bytes. */
  async function signed(path: string, body: unknown) {
    const raw = JSON.stringify(body)
    const timestamp = await serverSeconds()
    return http('POST', `${cli.url}${path}`, raw, {
      'X-Api-Key': DEMO.apiKey,
      'X-Timestamp': timestamp,
      'X-Signature': signRequest(DEMO.apiSecret, raw, timestamp),
      'X-Idempotent-Key': randomUUID(),
    })
  }

  beforeAll(async () => {
    // Not behind Prism under check:openapi: the document describes the contract from 2026-01-20 on.
    cli = await startCli(['serve', '--port', '0', '--now', '2026-01-15T09:00:00Z', '--frozen'], { behindPrism: false })
    appId = String((await http('GET', `${cli.url}/__mock/merchants/${DEMO.merchantId}`)).body.appId)
  }, 40_000)

  afterAll(async () => {
    if (cli) await stopCli(cli)
  })

  it(
    '2026-01-15: the earlier form only; a missing key is accepted with the ' +
      'deprecation warning, and the server logs it',
    async () => {
      const clock = await http('GET', `${cli.url}/__mock/clock`)
      expect(clock.body).toMatchObject({
        now: '2026-01-15T09:00:00.000Z',
        era: { name: '1.3.0-deprecation-warning', from: '2026-01-13T00:00:00Z' },
      })
      const orderId = await paidOrder(40)

      const noKey = await earlier(REFUND, { order_id: String(orderId), amount: 5, reason: 'damaged' })
      expect(noKey.status).toBe(200)
      expect(noKey.body).toEqual({
        refund_id: expect.stringMatching(/^\d+$/),
        order_id: String(orderId),
        amount: 5,
        status: 'processing',
        created_at: '2026-01-15T09:00:00.000Z',
      })
      expect(noKey.headers.get(WARNING)).toMatch(
        /^X-Idempotent-Key will be required on refund and payout from 2026-01-20T00:00:00Z \(release 1\.3\.0\)/,
      )

      const payout = await earlier(PAYOUT, { account_id: DEMO.account, amount: 10, currency: 'USD' }, randomUUID())
      expect(payout.body).toMatchObject({
        payout_id: expect.any(String),
        account_id: DEMO.account,
        amount: 10,
        currency: 'USD',
        status: 'processing',
      })
      expect(payout.headers.get(WARNING)).toMatch(/X-Idempotent-Key will be required/)

      // The signed form does not exist yet: the answer says which form this date takes.
      const current = await signed(REFUND, { orderId, refundAmount: 1 })
      expect(current.status).toBe(400)
      expect(current.body.message).toMatch(/^Missing required header: X-App-Id: until release 1\.4\.0/)

      // Standard endpoints take X-App-Id and X-Timestamp beside X-Api-Key, and warn of nothing this week.
      const stores = await http('POST', `${cli.url}${LIST_STORES}`, undefined, {
        'X-Api-Key': DEMO.apiKey,
        'X-App-Id': appId,
        'X-Timestamp': await serverSeconds(),
      })
      expect(stores.status).toBe(200)
      expect(stores.headers.get(WARNING)).toBeNull()

      const warned = await http('GET', `${cli.url}/__mock/requests?withWarnings=true`)
      expect(warned.body).toEqual([
        expect.objectContaining({
          path: REFUND,
          status: 200,
          form: 'earlier',
          idempotencyKey: null,
          warnings: [expect.stringMatching(/^no X-Idempotent-Key/)],
        }),
      ])
      expect(cli.output()).toMatch(
        /POST \/api\/v1\/payment-gateway\/order\/refund 200 \d+\.\d ms trc_\w+ warning: no X-Idempotent-Key: accepted/,
      )
      expect((await http('GET', `${cli.url}/__mock/merchants/${DEMO.merchantId}/balances`)).body.usd).toEqual({
        balance: 1040,
        freeze: 15,
        usable: 1025,
      })
    },
  )

  it(
    '2026-03-10: both forms; every gateway answer carries the 1.4.0 ' +
      'warning, readable by a browser (exposed by CORS)',
    async () => {
      const moved = await http('POST', `${cli.url}/__mock/clock`, { now: '2026-03-10T09:00:00Z' })
      expect(moved.body.era.name).toBe('1.4.0-deprecation-warning')
      const orderId = await paidOrder(30)

      const stores = await fetch(`${cli.url}${LIST_STORES}`, {
        method: 'POST',
        headers: { 'X-Api-Key': DEMO.apiKey, Origin: 'http://localhost:5173' },
      })
      expect(stores.status).toBe(200)
      expect(stores.headers.get(WARNING)).toMatch(
        /^X-App-Id, X-Timestamp on standard endpoints, and unsigned snake_case refund and payout requests/,
      )
      expect(stores.headers.get('access-control-expose-headers')).toContain('X-Service-Deprecation-Warning')

      const current = await signed(REFUND, { orderId, refundAmount: 2.5 })
      expect(current.body).toMatchObject({ statusCode: 200, data: { orderId, amount: 2.5, currency: 'USD' } })
      expect(current.headers.get(WARNING)).toMatch(/refused with 401 invalid_authentication from 2026-03-16T00:00:00Z/)

      const old = await earlier(REFUND, { order_id: String(orderId), amount: 2.5 }, randomUUID())
      expect(old.body).toMatchObject({
        refund_id: expect.any(String),
        order_id: String(orderId),
        amount: 2.5,
        status: 'processing',
      })
      expect(old.headers.get(WARNING)).not.toBeNull()

      const warned = (await http('GET', `${cli.url}/__mock/requests?withWarnings=true&afterSeq=0&path=/order/refund`))
        .body as Array<{ at: string; warnings: string[] }>
      expect(warned.at(-1)).toMatchObject({
        at: '2026-03-10T09:00:00.000Z',
        warnings: [
          expect.stringMatching(
            /earlier snake_case form: deprecated by release 1\.4\.0; refused with 401 invalid_authentication/,
          ),
        ],
      })
      expect((await http('GET', `${cli.url}/__mock/audit`)).body).toEqual({ problems: [] })
    },
  )
})
