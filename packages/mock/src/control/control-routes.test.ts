import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { beforeEach, describe, expect, it } from 'vitest'
import { createMockGateway, type MockGateway } from '../index.js'
import { controlRoutes, createControlHandler } from './control-routes.js'

const MONDAY = '2026-11-02T09:00:00.000Z'
const ORIGIN = 'http://127.0.0.1:4010'

let mock: MockGateway
let control: (request: Request) => Promise<Response>

beforeEach(() => {
  mock = createMockGateway({ clock: { now: MONDAY, frozen: true } })
  control = createControlHandler(mock)
})

/** Calls a control route the way an HTTP client would: a method, a path and a raw (JSON) body. */
async function send(method: string, path: string, body?: unknown) {
  const raw = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
  const res = await control(
    new Request(`${ORIGIN}${path}`, { method, body: raw, headers: raw ? { 'Content-Type': 'application/json' } : {} }),
  )
  const text = await res.text()
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text), headers: res.headers }
}

async function merchantWithStore() {
  const merchant = (
    await send('POST', '/__mock/merchants', { name: 'Riverside Coffee', balances: { usd: 100, khr: 40000 } })
  ).body
  const store = (
    await send('POST', `/__mock/merchants/${merchant.merchantId}/stores`, {
      storeName: 'Riverside',
      address: '1 Main St',
    })
  ).body
  return { ...merchant, storeId: store.storeId as number }
}

async function createOrder(apiKey: string, storeId: number, amount = 25) {
  const res = await mock.fetch(`${mock.baseUrl}${GATEWAY_PATHS.createOrder}`, {
    method: 'POST',
    headers: { [HEADERS.apiKey]: apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ storeId, amount, currency: 'USD' }),
  })
  return Number(((await res.json()) as { order_id: string }).order_id)
}

/** Everything a refused call must leave as it was. */
async function snapshot() {
  return JSON.stringify({
    webhooks: mock.webhooks.list(),
    otp: mock.otp.list(),
    faults: mock.faults.list(),
    clock: mock.clock.now(),
    audit: mock.audit(),
    order: mock.orders.get(1001) ?? null,
    merchant1: await mock.merchants.get(1).catch(() => null),
    merchant2: await mock.merchants.get(2).catch(() => null),
    balances: await mock.balances(1).catch(() => null),
  })
}

describe('control routes answer with the documented shapes', () => {
  it(
    'POST /__mock/merchants creates a merchant (201) with credentials; GET ' + 'reads them and the balances back',
    async () => {
      const created = await send('POST', '/__mock/merchants', {
        name: 'Riverside Coffee',
        balances: { usd: 100.5, khr: 40000 },
        webhookUrl: 'http://127.0.0.1:9/hook',
      })
      expect(created.status).toBe(201)
      expect(created.body).toEqual({
        merchantId: 1,
        appId: expect.any(Number),
        apiKey: expect.stringMatching(/^mk_test_/),
        apiSecret: expect.stringMatching(/^sk_test_/),
      })
      const read = await send('GET', `/__mock/merchants/${created.body.merchantId}`)
      expect(read.body).toMatchObject({
        ...created.body,
        name: 'Riverside Coffee',
        webhookUrl: 'http://127.0.0.1:9/hook',
      })
      const balances = await send('GET', `/__mock/merchants/${created.body.merchantId}/balances`)
      expect(balances.body.usd).toEqual({ balance: 100.5, freeze: 0, usable: 100.5 })
      expect(balances.body.khr).toEqual({ balance: 40000, freeze: 0, usable: 40000 })
    },
  )

  it(
    'PATCH /__mock/merchants/{id} sets the webhook URL: webhooks built ' +
      'afterwards go there, earlier ones keep theirs',
    async () => {
      const m = await merchantWithStore()
      const first = await createOrder(m.apiKey, m.storeId)
      await send('POST', '/__mock/payments', { orderId: first, status: 'SUCCESS' })
      const patched = await send('PATCH', `/__mock/merchants/${m.merchantId}`, {
        webhookUrl: 'http://127.0.0.1:9/hooks',
        name: 'Riverside Roasters',
      })
      expect(patched).toMatchObject({
        status: 200,
        body: {
          merchantId: m.merchantId,
          apiKey: m.apiKey,
          name: 'Riverside Roasters',
          webhookUrl: 'http://127.0.0.1:9/hooks',
        },
      })
      const second = await createOrder(m.apiKey, m.storeId)
      await send('POST', '/__mock/payments', { orderId: second, status: 'SUCCESS' })
      const hooks = (await send('GET', '/__mock/webhooks')).body as Array<{
        url: string | null
        payload: { orderId: number }
      }>
      expect(hooks.map((h) => [h.payload.orderId, h.url])).toEqual([
        [first, null],
        [second, 'http://127.0.0.1:9/hooks'],
      ])
      expect(
        (await send('PATCH', `/__mock/merchants/${m.merchantId}`, { webhookUrl: null })).body.webhookUrl,
      ).toBeNull()
    },
  )

  it('stores are added (201), renamed (200) and removed (204), and the service lists the change at once', async () => {
    const m = await merchantWithStore()
    const renamed = await send('PATCH', `/__mock/merchants/${m.merchantId}/stores/${m.storeId}`, {
      storeName: 'Riverside North',
    })
    expect(renamed).toMatchObject({
      status: 200,
      body: { storeId: m.storeId, storeName: 'Riverside North', address: '1 Main St' },
    })
    const list = () =>
      mock.fetch(`${mock.baseUrl}${GATEWAY_PATHS.listStores}`, {
        method: 'POST',
        headers: { [HEADERS.apiKey]: m.apiKey },
      })
    expect(((await (await list()).json()) as { data: unknown }).data).toEqual([
      { storeId: m.storeId, storeName: 'Riverside North', address: '1 Main St' },
    ])
    expect((await send('DELETE', `/__mock/merchants/${m.merchantId}/stores/${m.storeId}`)).status).toBe(204)
    // A merchant without stores gets 404 from list stores, as from the service (the mock's default).
    expect((await list()).status).toBe(404)
  })

  it('POST /__mock/merchants/{id}/accounts registers a payout account (201)', async () => {
    const m = await merchantWithStore()
    const account = await send('POST', `/__mock/merchants/${m.merchantId}/accounts`, {
      accountNumber: '100200300',
      accountName: 'Riverside Ltd',
      failAtSettlement: true,
    })
    expect(account).toMatchObject({
      status: 201,
      body: { accountNumber: '100200300', accountName: 'Riverside Ltd', failAtSettlement: true },
    })
  })

  it(
    'POST /__mock/payments pays an order (201 {transactionId, orderId, ' +
      'status}); GET order and transaction show it',
    async () => {
      const m = await merchantWithStore()
      const orderId = await createOrder(m.apiKey, m.storeId)
      const paid = await send('POST', '/__mock/payments', {
        orderId,
        status: 'SUCCESS',
        payer: { accountName: 'Dara Sok', accountNumber: '012345678' },
      })
      expect(paid).toMatchObject({
        status: 201,
        body: { transactionId: expect.any(Number), orderId, status: 'completed' },
      })
      expect((await send('GET', `/__mock/orders/${orderId}`)).body).toMatchObject({
        orderId,
        status: 'completed',
        amount: 25,
      })
      expect((await send('GET', `/__mock/transactions/${paid.body.transactionId}`)).body).toMatchObject({
        kind: 'payment',
        amount: 25,
        status: 'completed',
        orderId,
      })
      expect((await send('GET', `/__mock/merchants/${m.merchantId}/balances`)).body.usd.balance).toBe(125)
    },
  )

  it('paying an order that is not payable any more is a 4xx with a message, and changes nothing', async () => {
    const m = await merchantWithStore()
    const orderId = await createOrder(m.apiKey, m.storeId)
    await send('POST', '/__mock/payments', { orderId, status: 'SUCCESS' })
    const before = await snapshot()
    const again = await send('POST', '/__mock/payments', { orderId, status: 'SUCCESS' })
    expect(again.status).toBeGreaterThanOrEqual(400)
    expect(again.status).toBeLessThan(500)
    expect(again.body).toEqual({
      statusCode: again.status,
      message: expect.stringContaining(String(orderId)),
      error: expect.any(String),
    })
    expect(await snapshot()).toBe(before)
  })

  it(
    'GET /__mock/clock reads the clock, whether it is frozen, and the era in force; ' +
      'POST sets it (now) or moves it (advanceMs)',
    async () => {
      const current = {
        name: '1.4.0-full-enforcement',
        from: '2026-03-23T00:00:00Z',
        summary: expect.stringMatching(/\S/),
      }
      expect((await send('GET', '/__mock/clock')).body).toEqual({ now: MONDAY, frozen: true, era: current })
      expect((await send('POST', '/__mock/clock', { advanceMs: 90_000 })).body).toEqual({
        now: '2026-11-02T09:01:30.000Z',
        frozen: true,
        era: current,
      })
      expect((await send('POST', '/__mock/clock', { now: '2026-12-01T00:00:00Z' })).body).toEqual({
        now: '2026-12-01T00:00:00.000Z',
        frozen: true,
        era: current,
      })
      expect(mock.clock.now()).toBe('2026-12-01T00:00:00.000Z')
      expect((await send('POST', '/__mock/clock', { now: '2026-01-15T09:00:00Z' })).body).toEqual({
        now: '2026-01-15T09:00:00.000Z',
        frozen: true,
        era: {
          name: '1.3.0-deprecation-warning',
          from: '2026-01-13T00:00:00Z',
          summary: expect.stringMatching(/warning/i),
        },
      })
    },
  )

  it('POST /__mock/settle completes a due payout ({settled: 1})', async () => {
    // autoSettle off, so only POST /__mock/settle completes what the clock made due.
    mock = createMockGateway({ clock: { now: MONDAY, frozen: true }, autoSettle: false })
    control = createControlHandler(mock)
    const n = await merchantWithStore()
    await send('POST', `/__mock/merchants/${n.merchantId}/accounts`, {
      accountNumber: '100200300',
      accountName: 'Riverside Ltd',
    })
    const { signer } = await import('@merchant-gateway/contract/crypto')
    const raw = JSON.stringify({ accountNumber: '100200300', amount: 10, currency: 'USD' })
    const timestamp = String(Math.floor(Date.parse(MONDAY) / 1000))
    const payout = await mock.fetch(`${mock.baseUrl}${GATEWAY_PATHS.payout}`, {
      method: 'POST',
      headers: {
        [HEADERS.apiKey]: n.apiKey,
        [HEADERS.timestamp]: timestamp,
        [HEADERS.signature]: await signer.signRequest({ secret: n.apiSecret, body: raw, timestamp }),
        [HEADERS.idempotentKey]: crypto.randomUUID(),
        'Content-Type': 'application/json',
      },
      body: raw,
    })
    expect(payout.status).toBe(200)
    expect((await send('POST', '/__mock/settle')).body).toEqual({ settled: 0 })
    await send('POST', '/__mock/clock', { advanceMs: 7 * 86_400_000 })
    expect((await send('POST', '/__mock/settle')).body).toEqual({ settled: 1 })
    expect((await send('GET', `/__mock/merchants/${n.merchantId}/balances`)).body.usd).toEqual({
      balance: 90,
      freeze: 0,
      usable: 90,
    })
  })

  it(
    'POST /__mock/users creates a signed-in user (201 {userId, ' + 'accessToken}); GET /__mock/otp is the mailbox',
    async () => {
      const user = await send('POST', '/__mock/users', { email: 'dara@example.com', emailVerified: true })
      expect(user).toMatchObject({ status: 201, body: { userId: expect.any(Number), accessToken: expect.any(String) } })
      expect((await send('GET', '/__mock/otp')).body).toEqual([])
      await mock.fetch(`${mock.baseUrl}/api/v1/auth/forgot-pin`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${user.body.accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'dara@example.com' }),
      })
      expect((await send('GET', '/__mock/otp')).body).toEqual([
        {
          userId: user.body.userId,
          channel: 'email',
          to: 'dara@example.com',
          code: expect.stringMatching(/^\d{6}$/),
          sessionId: expect.any(String),
          sentAt: MONDAY,
        },
      ])
    },
  )

  it(
    'GET /__mock/webhooks lists deliveries; stale-next, duplicate-next, ' +
      'hold-next and deliver-due act on the next webhooks',
    async () => {
      // Deliveries go to a fake receiver (answers scripted), so each switch's effect is counted in POSTs.
      const posts: Array<{ orderId: number }> = []
      const answers = [200, 200, 200, 500, 200, 200]
      mock = createMockGateway({
        clock: { now: MONDAY, frozen: true },
        autoSettle: false,
        webhookFetch: (async (_url: string, init?: RequestInit) => {
          posts.push(JSON.parse(String(init?.body)))
          return new Response(null, { status: answers.shift() ?? 200 })
        }) as typeof fetch,
      })
      control = createControlHandler(mock)
      const merchant = (
        await send('POST', '/__mock/merchants', { balances: { usd: 100 }, webhookUrl: 'https://merchant.test/hooks' })
      ).body
      const { storeId } = (
        await send('POST', `/__mock/merchants/${merchant.merchantId}/stores`, {
          storeName: 'Riverside',
          address: '1 Main St',
        })
      ).body
      const pay = async () => {
        const orderId = await createOrder(merchant.apiKey, storeId)
        await send('POST', '/__mock/payments', { orderId, status: 'SUCCESS' })
        return orderId
      }

      expect((await send('POST', '/__mock/webhooks/stale-next', { seconds: 600 })).status).toBe(204)
      const stale = await pay()
      const [hook] = (await send('GET', '/__mock/webhooks')).body
      expect(hook).toMatchObject({
        id: 1,
        merchantId: merchant.merchantId,
        payload: { orderId: stale, status: 'SUCCESS', createTimeMilli: Date.parse(MONDAY) - 600_000 },
        signature: expect.stringMatching(/^[0-9a-f]{64}$/),
      })

      expect((await send('POST', '/__mock/webhooks/duplicate-next')).status).toBe(204)
      const doubled = await pay()
      expect(posts.map((p) => p.orderId)).toEqual([stale, doubled, doubled])

      expect((await send('POST', '/__mock/webhooks/hold-next')).status).toBe(204)
      const held = await pay()
      expect(posts).toHaveLength(3)
      const after = await pay() // its first attempt fails (500); the held one goes right after it
      expect(posts.map((p) => p.orderId).slice(3)).toEqual([after, held])

      expect((await send('POST', '/__mock/webhooks/deliver-due')).body).toEqual({ attempted: 0 })
      await send('POST', '/__mock/clock', { advanceMs: 60_000 }) // autoSettle off: the due retry waits
      expect(posts).toHaveLength(5)
      expect((await send('POST', '/__mock/webhooks/deliver-due')).body).toEqual({ attempted: 1 })
      expect(posts.map((p) => p.orderId).at(-1)).toBe(after)
    },
  )

  it(
    'faults are armed (201), listed and cleared (204) over HTTP, and an ' + 'armed one fires on the service route',
    async () => {
      const m = await merchantWithStore()
      const armed = await send('POST', '/__mock/faults', {
        route: 'POST /api/v1/payment-gateway/stores/list',
        kind: 'error',
        status: 503,
      })
      expect(armed).toMatchObject({
        status: 201,
        body: { id: expect.any(Number), kind: 'error', status: 503, remaining: 1 },
      })
      expect((await send('GET', '/__mock/faults')).body).toHaveLength(1)
      const res = await mock.fetch(`${mock.baseUrl}${GATEWAY_PATHS.listStores}`, {
        method: 'POST',
        headers: { [HEADERS.apiKey]: m.apiKey },
      })
      expect(res.status).toBe(503)
      await send('POST', '/__mock/faults', { route: '*', kind: 'error', times: 'always' })
      expect((await send('DELETE', '/__mock/faults')).status).toBe(204)
      expect((await send('GET', '/__mock/faults')).body).toEqual([])
    },
  )

  it('POST /__mock/reset (204) brings the seeded state back', async () => {
    await merchantWithStore()
    expect((await send('POST', '/__mock/reset')).status).toBe(204)
    expect((await send('GET', '/__mock/merchants/1')).status).toBe(404)
  })

  it(
    'DELETE /__mock/merchants/{id} removes a merchant (204): its key then ' +
      'answers 404 on balance inquiry; GET shows removedAt',
    async () => {
      const m = await merchantWithStore()
      expect((await send('DELETE', `/__mock/merchants/${m.merchantId}`)).status).toBe(204)
      const res = await mock.fetch(`${mock.baseUrl}${GATEWAY_PATHS.balanceInquiry}`, {
        method: 'POST',
        headers: { [HEADERS.apiKey]: m.apiKey },
      })
      expect({ status: res.status, body: await res.json() }).toEqual({
        status: 404,
        body: { statusCode: 404, message: 'Merchant not found', error: 'Not Found' },
      })
      expect((await send('GET', `/__mock/merchants/${m.merchantId}`)).body).toMatchObject({
        merchantId: m.merchantId,
        removedAt: MONDAY,
      })
      expect((await send('DELETE', `/__mock/merchants/${m.merchantId}`)).status).toBe(404)
    },
  )

  it('GET /__mock/requests lists the service requests answered, with filters; DELETE empties it', async () => {
    const m = await merchantWithStore()
    await createOrder(m.apiKey, m.storeId)
    await createOrder('mk_wrong', m.storeId)
    const all = await send('GET', '/__mock/requests')
    expect(all.body).toEqual([
      expect.objectContaining({
        seq: 1,
        method: 'POST',
        path: GATEWAY_PATHS.createOrder,
        status: 200,
        merchantId: m.merchantId,
        era: '1.4.0-full-enforcement',
        warnings: [],
      }),
      expect.objectContaining({ seq: 2, status: 401, merchantId: null }),
    ])
    expect((await send('GET', '/__mock/requests?status=4xx')).body).toEqual([expect.objectContaining({ seq: 2 })])
    expect((await send('GET', `/__mock/requests?merchantId=${m.merchantId}&path=/order/create&limit=5`)).body).toEqual([
      expect.objectContaining({ seq: 1 }),
    ])
    expect((await send('GET', '/__mock/requests?afterSeq=1')).body).toEqual([expect.objectContaining({ seq: 2 })])
    expect((await send('GET', '/__mock/requests?withWarnings=true')).body).toEqual([])
    expect((await send('DELETE', '/__mock/requests')).status).toBe(204)
    expect((await send('GET', '/__mock/requests')).body).toEqual([])
  })

  it('GET /__mock/users and /__mock/users/{id} show contacts and PIN state, never the PIN', async () => {
    const { userId } = (await send('POST', '/__mock/users', { email: 'dara@example.com', emailVerified: true })).body
    expect((await send('GET', `/__mock/users/${userId}`)).body).toEqual({
      userId,
      email: 'dara@example.com',
      emailVerified: true,
      phone: null,
      phoneVerified: false,
      hasPin: false,
      wrongAttempts: 0,
      blockedUntil: null,
      resetCodesSentAt: [],
      createdAt: MONDAY,
    })
    expect((await send('GET', '/__mock/users')).body).toHaveLength(1)
    expect((await send('GET', '/__mock/users/99')).status).toBe(404)
  })

  it('GET /__mock/audit is {problems: []} while the books balance', async () => {
    const m = await merchantWithStore()
    await send('POST', '/__mock/payments', { orderId: await createOrder(m.apiKey, m.storeId), status: 'SUCCESS' })
    expect((await send('GET', '/__mock/audit')).body).toEqual({ problems: [] })
  })

  it('GET /__mock lists every route with a summary, itself first', async () => {
    const index = await send('GET', '/__mock')
    expect(index.body).toEqual([
      { method: 'GET', path: '/__mock', summary: 'every control route, one line each' },
      ...controlRoutes(),
    ])
    expect(index.body.map((r: { method: string; path: string }) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'POST /__mock/reset',
        'POST /__mock/merchants',
        'POST /__mock/merchants/{merchantId}/stores',
        'PATCH /__mock/merchants/{merchantId}/stores/{storeId}',
        'DELETE /__mock/merchants/{merchantId}/stores/{storeId}',
        'POST /__mock/merchants/{merchantId}/accounts',
        'POST /__mock/payments',
        'GET /__mock/clock',
        'POST /__mock/clock',
        'POST /__mock/settle',
        'POST /__mock/users',
        'GET /__mock/otp',
        'GET /__mock/webhooks',
        'POST /__mock/faults',
        'DELETE /__mock/faults',
        'DELETE /__mock/merchants/{merchantId}',
        'GET /__mock/requests',
        'DELETE /__mock/requests',
      ]),
    )
  })
})

describe('bad input to a control route is a 4xx status-style body with a message, and changes no state', () => {
  const cases: Array<[string, string, string, unknown, number, RegExp]> = [
    ['body not JSON', 'POST', '/__mock/merchants', '{"name":', 400, /must be JSON/],
    ['body an array', 'POST', '/__mock/merchants', '[]', 400, /JSON object/],
    ['body a string', 'POST', '/__mock/merchants', '"x"', 400, /JSON object/],
    ['unknown field', 'POST', '/__mock/merchants', { webhookURL: 'http://x' }, 400, /webhookURL/],
    ['balance not a number', 'POST', '/__mock/merchants', { balances: { usd: '10' } }, 400, /balances\.usd/],
    ['balance negative', 'POST', '/__mock/merchants', { balances: { usd: -1 } }, 400, /balances\.usd/],
    ['balance with three decimals', 'POST', '/__mock/merchants', { balances: { usd: 1.005 } }, 400, /balances\.usd/],
    ['KHR balance with decimals', 'POST', '/__mock/merchants', { balances: { khr: 10.5 } }, 400, /balances\.khr/],
    ['webhookUrl not a URL', 'POST', '/__mock/merchants', { webhookUrl: 'ftp://x' }, 400, /webhookUrl/],
    ['name not a string', 'POST', '/__mock/merchants', { name: 5 }, 400, /name/],
    ['apiKey taken', 'POST', '/__mock/merchants', { apiKey: 'mk_taken' }, 409, /already used/],
    [
      'merchant webhookUrl not http(s)',
      'PATCH',
      '/__mock/merchants/1',
      { webhookUrl: 'mailto:a@b.co' },
      400,
      /webhookUrl/,
    ],
    ['merchant name empty', 'PATCH', '/__mock/merchants/1', { name: ' ' }, 400, /name/],
    ['merchant unknown field', 'PATCH', '/__mock/merchants/1', { apiKey: 'mk_new' }, 400, /apiKey/],
    ['update unknown merchant', 'PATCH', '/__mock/merchants/99', { name: 'X' }, 404, /Merchant 99/],
    ['merchant id not a number', 'GET', '/__mock/merchants/abc', undefined, 400, /merchantId/],
    ['merchant id zero', 'GET', '/__mock/merchants/0', undefined, 400, /merchantId/],
    ['unknown merchant', 'GET', '/__mock/merchants/99', undefined, 404, /Merchant 99/],
    [
      'store for unknown merchant',
      'POST',
      '/__mock/merchants/99/stores',
      { storeName: 'A', address: 'B' },
      404,
      /Merchant 99/,
    ],
    ['store without address', 'POST', '/__mock/merchants/1/stores', { storeName: 'A' }, 400, /address/],
    ['store name empty', 'POST', '/__mock/merchants/1/stores', { storeName: '', address: 'B' }, 400, /storeName/],
    ['rename unknown store', 'PATCH', '/__mock/merchants/1/stores/999', { storeName: 'A' }, 404, /999/],
    ['rename with a number', 'PATCH', '/__mock/merchants/1/stores/101', { storeName: 7 }, 400, /storeName/],
    ['remove unknown store', 'DELETE', '/__mock/merchants/1/stores/999', undefined, 404, /999/],
    ['account without name', 'POST', '/__mock/merchants/1/accounts', { accountNumber: '1' }, 400, /accountName/],
    [
      'account failAtSettlement not boolean',
      'POST',
      '/__mock/merchants/1/accounts',
      { accountNumber: '1', accountName: 'A', failAtSettlement: 'yes' },
      400,
      /failAtSettlement/,
    ],
    ['payment without status', 'POST', '/__mock/payments', { orderId: 1001 }, 400, /status/],
    ['payment with an unknown status', 'POST', '/__mock/payments', { orderId: 1001, status: 'PAID' }, 400, /status/],
    ['payment with neither order nor QR', 'POST', '/__mock/payments', { status: 'SUCCESS' }, 400, /orderId|qrData/],
    ['payment of an unknown order', 'POST', '/__mock/payments', { orderId: 9999, status: 'SUCCESS' }, 404, /9999/],
    ['payment of an unknown QR', 'POST', '/__mock/payments', { qrData: 'nope', status: 'SUCCESS' }, 404, /QR/i],
    [
      'payment order id not a decimal id',
      'POST',
      '/__mock/payments',
      { orderId: '1e3', status: 'SUCCESS' },
      400,
      /orderId/,
    ],
    ['unknown order snapshot', 'GET', '/__mock/orders/9999', undefined, 404, /Order 9999 not found/],
    ['unknown transaction snapshot', 'GET', '/__mock/transactions/9999', undefined, 404, /Transaction 9999 not found/],
    ['clock with neither now nor advanceMs', 'POST', '/__mock/clock', {}, 400, /exactly one/],
    ['clock with both', 'POST', '/__mock/clock', { now: '2026-12-01T00:00:00Z', advanceMs: 1 }, 400, /exactly one/],
    ['clock now not a date', 'POST', '/__mock/clock', { now: 'tomorrow' }, 400, /ISO 8601/],
    ['clock moved backwards by advanceMs', 'POST', '/__mock/clock', { advanceMs: -1 }, 400, /advanceMs/],
    ['clock advanceMs a string', 'POST', '/__mock/clock', { advanceMs: '1000' }, 400, /advanceMs/],
    ['settle with a body', 'POST', '/__mock/settle', { now: 1 }, 400, /now/],
    ['user with neither email nor phone', 'POST', '/__mock/users', {}, 400, /email or a phone/],
    ['user with a bad email', 'POST', '/__mock/users', { email: 'not-an-email' }, 400, /email/],
    [
      'user with a bad phone',
      'POST',
      '/__mock/users',
      { phone: { phoneCode: '+855', countryCode: 'KH', phoneNumber: '12345678' } },
      400,
      /phone_code/,
    ],
    [
      'user emailVerified not boolean',
      'POST',
      '/__mock/users',
      { email: 'a@b.co', emailVerified: 'true' },
      400,
      /emailVerified/,
    ],
    ['fault with an unknown kind', 'POST', '/__mock/faults', { route: '*', kind: 'explode' }, 400, /kind/],
    ['fault with a bad route', 'POST', '/__mock/faults', { route: 'refund', kind: 'error' }, 400, /route/],
    ['fault with a 200 status', 'POST', '/__mock/faults', { route: '*', kind: 'error', status: 200 }, 400, /status/],
    ['fault times zero', 'POST', '/__mock/faults', { route: '*', kind: 'error', times: 0 }, 400, /times/],
    ['stale-next without seconds', 'POST', '/__mock/webhooks/stale-next', {}, 400, /seconds/],
    ['stale-next negative', 'POST', '/__mock/webhooks/stale-next', { seconds: -5 }, 400, /seconds/],
    ['unknown control route', 'GET', '/__mock/nothing-here', undefined, 404, /No control route/],
    ['wrong method', 'PUT', '/__mock/clock', undefined, 405, /takes GET, POST/],
    ['remove an unknown merchant', 'DELETE', '/__mock/merchants/99', undefined, 404, /Merchant 99/],
    [
      'clock advanceMs 1e308',
      'POST',
      '/__mock/clock',
      { advanceMs: 1e308 },
      400,
      /advanceMs would move the clock past 9999-12-31/,
    ],
    [
      'clock now after year 9999',
      'POST',
      '/__mock/clock',
      { now: '+275760-09-13T00:00:00.000Z' },
      400,
      /from 1970-01-01T00:00:00Z to 9999-12-31/,
    ],
    [
      'clock now before 1970',
      'POST',
      '/__mock/clock',
      { now: '1969-12-31T23:59:59Z' },
      400,
      /from 1970-01-01T00:00:00Z to 9999-12-31/,
    ],
    ['stale-next 1e20 seconds', 'POST', '/__mock/webhooks/stale-next', { seconds: 1e20 }, 400, /seconds/],
    [
      'stale-next with an unknown field',
      'POST',
      '/__mock/webhooks/stale-next',
      { seconds: 5, minutes: 1 },
      400,
      /minutes/,
    ],
    ['fault times 1e308', 'POST', '/__mock/faults', { route: '*', kind: 'error', times: 1e308 }, 400, /times/],
    [
      'fault on a route that does not exist',
      'POST',
      '/__mock/faults',
      { route: 'POST /api/v1/payment-gateway/nothing', kind: 'error' },
      400,
      /no path/,
    ],
    [
      'fault with a method the route does not take',
      'POST',
      '/__mock/faults',
      { route: 'GET /api/v1/payment-gateway/order/refund', kind: 'error' },
      400,
      /takes POST, not GET/,
    ],
    ['merchant name of a NUL', 'POST', '/__mock/merchants', { name: '\u0000' }, 400, /control characters/],
    ['merchant appId beyond a safe integer', 'POST', '/__mock/merchants', { appId: 1e20 }, 400, /appId/],
    ['merchant apiKey with a newline', 'POST', '/__mock/merchants', { apiKey: 'mk\nInjected: 1' }, 400, /apiKey/],
    [
      'store name with an escape sequence',
      'POST',
      '/__mock/merchants/1/stores',
      { storeName: 'A\u001b[31m', address: 'B' },
      400,
      /control characters/,
    ],
    [
      'payer name on two lines',
      'POST',
      '/__mock/payments',
      { orderId: 1001, status: 'SUCCESS', payer: { accountName: 'A\nB', accountNumber: '1' } },
      400,
      /payer\.accountName/,
    ],
    ['reset with an unknown clock mode', 'POST', '/__mock/reset', { clock: 'yesterday' }, 400, /clock/],
    ['reset with an unknown field', 'POST', '/__mock/reset', { seed: [] }, 400, /seed/],
    ['request log: unknown query parameter', 'GET', '/__mock/requests?statsu=400', undefined, 400, /statsu/],
    ['request log: status not a status', 'GET', '/__mock/requests?status=40', undefined, 400, /status/],
    ['request log: limit zero', 'GET', '/__mock/requests?limit=0', undefined, 400, /limit/],
    ['request log: limit given twice', 'GET', '/__mock/requests?limit=1&limit=2', undefined, 400, /once/],
    [
      'request log: withWarnings not a boolean',
      'GET',
      '/__mock/requests?withWarnings=yes',
      undefined,
      400,
      /withWarnings/,
    ],
    ['request log: merchantId negative', 'GET', '/__mock/requests?merchantId=-1', undefined, 400, /merchantId/],
  ]

  it.each(cases)('%s: %s %s', async (_, method, path, body, status, message) => {
    await send('POST', '/__mock/merchants', { apiKey: 'mk_taken', balances: { usd: 100 } })
    await send('POST', '/__mock/merchants/1/stores', { storeName: 'Riverside', address: '1 Main St' })
    const before = await snapshot()
    const reply = await send(method, path, body)
    expect(reply.status).toBe(status)
    expect(reply.body).toEqual({
      statusCode: status,
      message: expect.stringMatching(message),
      error: expect.any(String),
    })
    expect(await snapshot()).toBe(before)
  })

  it.each([
    ['2026-02-30T00:00:00Z', ': the calendar has no day 2026-02-30'],
    [
      '2026-11-02T09:00:00',
      ': a time needs its zone (Z for UTC, or an offset such as +07:00); it is not read as local time',
    ],
    ['Nov 2 2026', ''],
  ])('POST /__mock/clock {now: %j} is a 400 naming the value and why; the clock stays', async (now, why) => {
    const reply = await send('POST', '/__mock/clock', { now })
    expect(reply).toMatchObject({
      status: 400,
      body: {
        statusCode: 400,
        message: `now must be an ISO 8601 date such as 2026-11-02T09:00:00Z, got "${now}"${why}`,
        error: 'Bad Request',
      },
    })
    expect(mock.clock.now()).toBe(MONDAY)
  })

  it('POST /__mock/clock takes now with Z or an offset, fractional seconds, or a date alone (midnight)', async () => {
    for (const [now, read] of [
      ['2026-11-02T09:00:00Z', '2026-11-02T09:00:00.000Z'],
      ['2026-11-02T09:00:00.123+07:00', '2026-11-02T02:00:00.123Z'],
      ['2026-11-03', '2026-11-03T00:00:00.000Z'],
    ]) {
      const reply = await send('POST', '/__mock/clock', { now })
      expect(reply.status).toBe(200)
      expect(reply.body.now).toBe(read)
      expect(mock.clock.now()).toBe(read)
    }
  })

  it('a wrong method names the methods the path takes in Allow', async () => {
    const reply = await send('PUT', '/__mock/faults')
    expect(reply.headers.get('Allow')).toBe('GET, POST, DELETE')
  })
})
