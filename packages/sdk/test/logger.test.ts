/**
 * The `logger` option: one entry per attempt (method, path, status or why none, attempt number,
 * duration, idempotency key, why it was a retry, redacted headers), `debug` for an answered 2xx and
 * `warn` for anything else; and no credential ever reaches it: API key, API secret, signatures, bearer
 * tokens, PINs, one-time codes and reset session ids.
 */
import { HEADERS } from '@merchant-gateway/contract'
import { createMockGateway } from '@merchant-gateway/mock'
import { describe, expect, it, vi } from 'vitest'
import type { AttemptLog, Logger } from '../src/index.js'
import { PinClient } from '../src/pin/index.js'
import { failure, paidOrder, ROUTES, setup, spyFetch, UUID_V4 } from './harness.js'

/** A logger that keeps every call, with the level. */
function recorder() {
  const lines: Array<{ level: 'debug' | 'warn'; message: string; entry: AttemptLog }> = []
  const logger: Logger = {
    debug: (message, entry) => lines.push({ level: 'debug', message, entry }),
    warn: (message, entry) => lines.push({ level: 'warn', message, entry }),
  }
  return { logger, lines, entries: () => lines.map((l) => l.entry) }
}

describe('the logger reports each attempt', () => {
  it(
    'a refund whose response was dropped: attempt 1 without an answer ' +
      '(warn), attempt 2 answered 200 as a retry after a network error ' +
      '(debug), one key',
    async () => {
      const { logger, lines } = recorder()
      const s = await setup({ balances: { usd: 0 }, client: { logger } })
      const { orderId } = await paidOrder(s.mock, s.merchant, 20)
      s.mock.faults.add({ route: ROUTES.refund, kind: 'drop-response' })
      const refund = await s.client.refunds.create({ orderId, amount: 5 })

      expect(lines.map((l) => l.level)).toEqual(['warn', 'debug'])
      const [first, second] = lines.map((l) => l.entry)
      const common = {
        client: 'gateway',
        operation: 'refundOrder',
        method: 'POST',
        path: '/api/v1/payment-gateway/order/refund',
        idempotencyKey: refund.meta.idempotencyKey,
      }
      expect(first).toMatchObject({
        ...common,
        attempt: 1,
        status: undefined,
        error: 'network error',
        retryReason: undefined,
      })
      expect(second).toMatchObject({
        ...common,
        attempt: 2,
        status: 200,
        error: undefined,
        retryReason: 'network error',
      })
      expect(refund.meta.idempotencyKey).toMatch(UUID_V4)
      for (const { entry } of lines) {
        expect(entry.durationMs).toBeGreaterThanOrEqual(0)
        expect(entry.headers[HEADERS.idempotentKey.toLowerCase()]).toBe(refund.meta.idempotencyKey)
        expect(entry.headers[HEADERS.timestamp.toLowerCase()]).toMatch(/^\d{10}$/)
      }
      expect(lines[1]!.message).toBe(
        `merchant-gateway POST /api/v1/payment-gateway/order/refund attempt 2: ` +
          `200 in ${second!.durationMs} ms (retry after network error) ` +
          `X-Idempotent-Key ${refund.meta.idempotencyKey}`,
      )
    },
  )

  it('a 503 then 200 on a read: the retry names the status; a GET logs its query; one entry per attempt', async () => {
    const { logger, entries } = recorder()
    const s = await setup({ client: { logger } })
    const { transactionId } = await paidOrder(s.mock, s.merchant, 3)
    s.mock.faults.add({ route: ROUTES.transactionDetail, kind: 'error', status: 503, times: 1 })
    await s.client.transactions.retrieve(transactionId)
    expect(entries()).toMatchObject([
      {
        method: 'GET',
        path: `/api/v1/payment-gateway/payment/transaction-detail?transaction_id=${transactionId}`,
        attempt: 1,
        status: 503,
        retryReason: undefined,
        idempotencyKey: undefined,
      },
      { attempt: 2, status: 200, retryReason: 'status 503' },
    ])
  })

  it(
    'a call that ends with a refusal (404) is one warn entry with the ' +
      'status; a timeout is one entry with error "timeout"',
    async () => {
      const { logger, lines } = recorder()
      const s = await setup({
        client: { logger, timeout: 20, maxRetries: 0 },
        mock: { sleep: () => new Promise<void>(() => {}) },
      })
      await failure(() => s.client.orders.cancel({ orderId: 999_999 }))
      s.mock.faults.add({ route: ROUTES.balance, kind: 'latency', delayMs: 60_000 })
      await failure(() => s.client.balance.retrieve())
      expect(lines.map((l) => [l.level, l.entry.operation, l.entry.status, l.entry.error])).toEqual([
        ['warn', 'cancelOrder', 404, undefined],
        ['warn', 'balanceInquiry', undefined, 'timeout'],
      ])
    },
  )

  it('an aborted attempt is logged as "aborted"', async () => {
    const { logger, entries } = recorder()
    const s = await setup({ client: { logger }, mock: { sleep: () => new Promise<void>(() => {}) } })
    s.mock.faults.add({ route: ROUTES.balance, kind: 'latency', delayMs: 60_000 })
    const controller = new AbortController()
    const pending = failure(() => s.client.balance.retrieve({ signal: controller.signal }))
    await vi.waitFor(() => expect(s.spy.calls).toHaveLength(1))
    controller.abort()
    await pending
    expect(entries()).toMatchObject([{ attempt: 1, status: undefined, error: 'aborted' }])
  })

  it("the duration is the exchange: it starts after the merchant's own hooks", async () => {
    const { logger, entries } = recorder()
    let clock = 0
    vi.spyOn(performance, 'now').mockImplementation(() => clock)
    const slowHook = () => {
      clock += 1000 // a merchant hook that takes a second
    }
    const s = await setup({ client: { logger, hooks: { beforeRequest: [slowHook] } } })
    await s.client.stores.list()
    vi.restoreAllMocks()
    expect(entries()[0]!.durationMs).toBe(0)
  })

  it('a logger that throws does not fail the call', async () => {
    const s = await setup({
      client: {
        logger: {
          debug: () => {
            throw new Error('log sink full')
          },
          warn: () => {},
        },
      },
    })
    expect(await s.client.stores.list()).toHaveLength(1)
  })

  it('without a logger nothing is logged, not even to the console', async () => {
    const spies = (['log', 'debug', 'info', 'warn', 'error'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation(() => {}),
    )
    const s = await setup()
    s.mock.faults.add({ route: ROUTES.balance, kind: 'error', status: 503, times: 1 })
    await s.client.balance.retrieve()
    for (const spy of spies) expect(spy).not.toHaveBeenCalled()
    vi.restoreAllMocks()
  })
})

describe('no credential reaches the logger', () => {
  /** Everything the logger received, as text. */
  const dump = (lines: ReturnType<typeof recorder>['lines']) => JSON.stringify(lines)

  it(
    'GatewayClient: the API key, the API secret, every signature sent and a ' +
      'merchant header named like a token are redacted',
    async () => {
      const { logger, lines } = recorder()
      const s = await setup({
        balances: { usd: 100 },
        client: { logger, headers: { 'X-Partner-Token': 'ptk_live_7c1f0e' } },
      })
      const { orderId } = await paidOrder(s.mock, s.merchant, 20)
      s.mock.faults.add({ route: ROUTES.refund, kind: 'drop-response' })
      s.mock.faults.add({ route: ROUTES.payout, kind: 'error', status: 503, times: 1 })
      await s.client.refunds.create({ orderId, amount: 5 })
      await s.client.payouts.create({ accountNumber: '001', amount: 1, currency: 'USD' }).catch(() => undefined)
      await s.client.stores.list()

      const signatures = s.spy
        .requests()
        .map((r) => r.headers.get(HEADERS.signature))
        .filter((v): v is string => v !== null)
      expect(signatures.length).toBeGreaterThanOrEqual(4)
      const text = dump(lines)
      expect(lines.length).toBe(s.spy.calls.length)
      for (const secret of [s.merchant.apiKey, s.merchant.apiSecret, 'ptk_live_7c1f0e', ...signatures])
        expect(text).not.toContain(secret)
      for (const { entry } of lines) {
        expect(entry.headers['x-api-key']).toBe('[redacted]')
        expect(entry.headers['x-partner-token']).toBe('[redacted]')
        if (entry.operation === 'refundOrder' || entry.operation === 'payout')
          expect(entry.headers['x-signature']).toBe('[redacted]')
      }
    },
  )

  it(
    'PinClient: the bearer token, every PIN, the one-time code and the ' + 'reset session ids are never logged',
    async () => {
      const mock = createMockGateway({
        clock: { now: '2026-11-02T09:00:00.000Z', frozen: true },
        pinHashIterations: 1000,
      })
      const { userId, accessToken } = await mock.users.create({ email: 'dara@example.com', emailVerified: true })
      const { logger, lines } = recorder()
      const spy = spyFetch(mock.fetch)
      const client = new PinClient({ baseUrl: mock.baseUrl, accessToken, fetch: spy.fetch, logger })

      await client.pin.set({ pin: '481516' })
      await client.pin.verify({ pin: '481516' })
      await failure(() => client.pin.verify({ pin: '234223' }))
      await client.pin.change({ currentPin: '481516', newPin: '907856' })
      const requested = await client.pinReset.request({ email: 'dara@example.com' })
      const code = mock.otp
        .list()
        .filter((m) => m.userId === userId)
        .at(-1)!.code
      await failure(() =>
        client.pinReset.verifyCode({
          sessionId: requested.sessionId,
          code: code === '000001' ? '000002' : '000001',
          email: 'dara@example.com',
        }),
      )
      const verified = await client.pinReset.verifyCode({
        sessionId: requested.sessionId,
        code,
        email: 'dara@example.com',
      })
      await client.pinReset.complete({ sessionId: verified.sessionId, newPin: '312211' })

      expect(lines).toHaveLength(spy.calls.length)
      const text = dump(lines)
      for (const secret of [
        accessToken,
        '481516',
        '234223',
        '907856',
        '312211',
        code,
        requested.sessionId,
        verified.sessionId,
      ])
        expect(text).not.toContain(secret)
      for (const { entry } of lines) expect(entry.headers.authorization).toBe('[redacted]')
      expect(lines.map((l) => l.entry.operation)).toEqual([
        'setPin',
        'verifyPin',
        'verifyPin',
        'changePin',
        'forgotPin',
        'verifyOtp',
        'verifyOtp',
        'resetPin',
      ])
    },
  )
})
