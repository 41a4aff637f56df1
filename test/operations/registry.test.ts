/**
 * The contract's operation table is the one description of every operation: this suite walks it and fails
 * when an operation is not served by the mock, not callable through the SDK, or missing from the OpenAPI
 * document, so that no operation can be half-added. The SDK's calls are listed per operation in a table
 * whose type requires every operation of the registry.
 */
import { readFileSync } from 'node:fs'
import {
  GATEWAY_OPERATIONS,
  type GatewayOperation,
  HEADERS,
  OPERATIONS,
  PIN_OPERATIONS,
  type PinOperation,
} from '@merchant-gateway/contract'
import { createMockGateway, type MockGateway } from '@merchant-gateway/mock'
import { GatewayClient } from '@merchant-gateway/sdk'
import { PinClient } from '@merchant-gateway/sdk/pin'
import { describe, expect, it } from 'vitest'

const DOCUMENT = JSON.parse(readFileSync(new URL('../../packages/contract/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>
}

/** A request the SDK sent: its method, path and whether it was signed. */
interface Sent {
  method: string
  path: string
  signed: boolean
  idempotencyKey: string | null
  bearer: boolean
}

/** A fetch that answers through the mock and records what the SDK sent. */
function recording(mock: MockGateway): { fetch: typeof fetch; sent: Sent[] } {
  const sent: Sent[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init)
    sent.push({
      method: request.method,
      path: new URL(request.url).pathname,
      signed: request.headers.has(HEADERS.signature),
      idempotencyKey: request.headers.get(HEADERS.idempotentKey),
      bearer: request.headers.has('Authorization'),
    })
    return mock.fetch(request)
  }
  return { fetch, sent }
}

/** What the gateway calls need: a store, a paid order and its payment. */
interface Day {
  storeId: number
  orderId: number
  transactionId: number
}

/** The SDK's call of each gateway operation. */
const GATEWAY_CALLS: Record<GatewayOperation, (g: GatewayClient, day: Day) => Promise<unknown>> = {
  listStores: (g) => g.stores.list(),
  balanceInquiry: (g) => g.balance.retrieve(),
  createOrder: (g, { storeId }) => g.orders.create({ storeId, amount: 10, currency: 'USD' }),
  generateQr: (g, { storeId }) => g.qrCodes.create({ storeId, amount: 10, currency: 'USD' }),
  transactionDetail: (g, { transactionId }) => g.transactions.retrieve(transactionId),
  cancelOrder: async (g, { storeId }) => {
    const order = await g.orders.create({ storeId, amount: 1, currency: 'USD' })
    return g.orders.cancel({ orderId: Number(order.order_id) })
  },
  refundOrder: (g, { orderId }) => g.refunds.create({ orderId, amount: 1 }),
  payout: (g) => g.payouts.create({ accountNumber: '100200300', amount: 1, currency: 'USD' }),
}

/** The PIN client's call of each PIN operation, in the order of a user's life with a PIN. */
const PIN_CALLS: Record<PinOperation, (p: PinClient, state: { sessionId: string; code: string }) => Promise<unknown>> =
  {
    setPin: (p) => p.pin.set({ pin: '123456' }),
    verifyPin: (p) => p.pin.verify({ pin: '123456' }),
    changePin: (p) => p.pin.change({ currentPin: '123456', newPin: '234567' }),
    forgotPin: (p) => p.pinReset.request({ email: 'user@example.com' }),
    verifyOtp: (p, s) => p.pinReset.verifyCode({ sessionId: s.sessionId, code: s.code, email: 'user@example.com' }),
    resetPin: (p, s) => p.pinReset.complete({ sessionId: s.sessionId, newPin: '345678' }),
  }

describe('the operation table', () => {
  it('holds every gateway and PIN operation once, each with a path of its own', () => {
    const ids = OPERATIONS.map((op) => op.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.sort()).toEqual([...Object.keys(GATEWAY_OPERATIONS), ...Object.keys(PIN_OPERATIONS)].sort())
    expect(new Set(OPERATIONS.map((op) => op.path)).size).toBe(OPERATIONS.length)
  })

  it.each(OPERATIONS.flatMap((op) => op.methods.map((method) => [op.id, method, op.path] as const)))(
    '%s is served by the mock on %s %s (a route answers, not the catch-all)',
    async (_id, method, path) => {
      const mock = createMockGateway()
      // No credentials: the route refuses (400 or 401); only a path or method it lacks is 404 or 405.
      const res = await mock.fetch(`${mock.baseUrl}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        ...(method === 'GET' ? {} : { body: '{}' }),
      })
      expect([400, 401]).toContain(res.status)
    },
  )

  it.each(OPERATIONS.flatMap((op) => op.methods.map((method) => [op.id, method, op.path] as const)))(
    '%s is in the OpenAPI document as %s %s, with every refusal the table lists',
    (id, method, path) => {
      const operation = DOCUMENT.paths[path]?.[method.toLowerCase()]
      expect(operation, `${method} ${path}`).toBeDefined()
      expect(operation!.operationId.startsWith(id)).toBe(true)
      const op = OPERATIONS.find((o) => o.id === id)!
      for (const status of [...op.errors, 413, 414]) expect(Object.keys(operation!.responses)).toContain(String(status))
    },
  )

  it(
    'every gateway operation is callable through the SDK, on its first method and path, signed and with an ' +
      'idempotency key exactly when the table says so',
    async () => {
      const mock = createMockGateway({ clock: { now: '2026-11-02T09:00:00Z', frozen: true } })
      const merchant = await mock.merchants.create({ balances: { usd: 100 } })
      const { storeId } = await mock.stores.add(merchant.merchantId, { storeName: 'Riverside', address: '1 Main St' })
      await mock.accounts.add(merchant.merchantId, { accountNumber: '100200300', accountName: 'Owner' })
      const { fetch, sent } = recording(mock)
      const now = () => Date.parse(mock.clock.now())
      const gateway = new GatewayClient({
        apiKey: merchant.apiKey,
        apiSecret: merchant.apiSecret,
        baseUrl: mock.baseUrl,
        fetch,
        now,
        maxRetries: 0,
      })
      const order = await gateway.orders.create({ storeId, amount: 10, currency: 'USD' })
      const payment = await mock.payments.create({ orderId: Number(order.order_id), status: 'SUCCESS' })
      const day: Day = { storeId, orderId: payment.orderId, transactionId: payment.transactionId }
      for (const [id, call] of Object.entries(GATEWAY_CALLS)) {
        const op = GATEWAY_OPERATIONS[id as GatewayOperation]
        const before = sent.length
        await call(gateway, day)
        const own = sent.slice(before).filter((s) => s.path === op.path)
        expect(
          own.map((s) => s.method),
          id,
        ).toEqual([op.methods[0]])
        expect(own[0]!.signed, `${id} signed`).toBe(op.auth === 'signed')
        expect(own[0]!.idempotencyKey !== null, `${id} idempotency key`).toBe(op.idempotency === 'required')
      }
    },
  )

  it('every PIN operation is callable through the PIN client, on POST and its path, with a bearer token', async () => {
    const mock = createMockGateway({ pinHashIterations: 1000 })
    const user = await mock.users.create({ email: 'user@example.com', emailVerified: true })
    const { fetch, sent } = recording(mock)
    const pins = new PinClient({ baseUrl: mock.baseUrl, accessToken: user.accessToken, fetch })
    const state = { sessionId: '', code: '' }
    for (const [id, call] of Object.entries(PIN_CALLS)) {
      const before = sent.length
      const result = (await call(pins, state)) as { sessionId?: string }
      if (id === 'forgotPin') {
        state.sessionId = result.sessionId!
        state.code = mock.otp.list().at(-1)!.code
      }
      if (id === 'verifyOtp') state.sessionId = result.sessionId!
      const op = PIN_OPERATIONS[id as PinOperation]
      expect(
        sent.slice(before).map((s) => `${s.method} ${s.path}`),
        id,
      ).toEqual([`POST ${op.path}`])
      expect(sent.at(-1)!.bearer, `${id} bearer`).toBe(true)
    }
  })
})
