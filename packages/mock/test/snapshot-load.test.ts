/**
 * Saving and loading the mock's state: `mock.snapshot()` (and `GET /__mock/snapshot` without a limit)
 * writes a versioned document; `mock.load()`, `POST /__mock/snapshot` and `createMockGateway({ state })`
 * read it back. The round trip is exact, everything is checked before anything changes, and a refusal
 * names the field and leaves the state (and `version()`) as it was.
 */
import {
  GATEWAY_PATHS,
  MOCK_SNAPSHOT_FORMAT,
  mockSnapshotDocumentSchema,
  type MockState,
} from '@merchant-gateway/contract'
import { afterEach, describe, expect, it } from 'vitest'
import { createControlHandler } from '../src/control/control-routes.js'
import { createMockGateway, isRuleError, type MockGateway, type MockSnapshot } from '../src/index.js'
import { DEMO_MERCHANT, startMockServer, type MockServer } from '../src/server.js'
import { call, days, MONDAY, newMerchant, newMock, paidOrder, payout, refund, type Merchant } from './harness.js'
import { as, pinMock, PIN, WRONG_PIN } from './pin-helpers.js'

/** Webhooks to this merchant's URL fail (HTTP 500), so each waits for a retry on the mock clock. */
const failingReceiver = async () => new Response('down', { status: 500 })
const OPTIONS = { webhookFetch: failingReceiver, pinHashIterations: 1000 }

/**
 * A mock after a day of work: orders paid, one refunded (settlement pending), a payout pending, a webhook
 * retry scheduled, a PIN locked by wrong attempts, a reset code sent, the clock moved, faults and
 * next-webhook switches armed, idempotency records kept.
 */
async function richMock(): Promise<{ mock: MockGateway; merchant: Merchant }> {
  const mock = pinMock(OPTIONS)
  const merchant = await newMerchant(mock)
  await mock.merchants.update(merchant.merchantId, { webhookUrl: 'http://127.0.0.1:9/webhooks' })
  await mock.accounts.add(merchant.merchantId, { accountNumber: '200300400', accountName: 'Riverside Ltd' })
  const other = await newMerchant(mock, { usd: 5, khr: 20_000 })
  const { orderId } = await paidOrder(mock, merchant, 40)
  await paidOrder(mock, other, 2_000, 'KHR')
  await mock.clock.advance(3_600_000)
  const refunded = await refund(mock, merchant, orderId, 15)
  expect(refunded.status, JSON.stringify(refunded.body)).toBe(200)
  const paidOut = await payout(mock, merchant, { accountNumber: '200300400', amount: 100, currency: 'USD' })
  expect(paidOut.status, JSON.stringify(paidOut.body)).toBe(200)
  const qr = await call(mock, GATEWAY_PATHS.generateQr, {
    apiKey: merchant.apiKey,
    body: { store_id: merchant.storeId, amount: 3, currency: 'USD' },
  })
  expect(qr.status, JSON.stringify(qr.body)).toBe(200)

  const { accessToken } = await mock.users.create({ email: 'dara@example.com', emailVerified: true })
  const pin = as(mock, accessToken)
  expect((await pin.setPin(PIN)).status).toBe(200)
  for (let i = 0; i < 5; i++) await pin.verifyPin(WRONG_PIN)
  expect((await pin.forgotPin({ email: 'dara@example.com' })).status).toBe(200)

  mock.webhooks.holdNext()
  mock.webhooks.staleNext(600)
  mock.faults.add({ route: `POST ${GATEWAY_PATHS.refundOrder}`, kind: 'drop-response' })
  mock.faults.add({ route: '*', kind: 'latency', delayMs: 5, times: 'always' })
  await mock.clock.advance(120_000)
  return { mock, merchant }
}

/** A document with every `qrData` replaced: QR data is random, so two mocks making an order differ there only. */
function withoutQrData(document: MockSnapshot): unknown {
  return JSON.parse(JSON.stringify(document, (key, value) => (key === 'qrData' ? 'MGW1...' : value)))
}

/** The state of a document, for tests that break one field of it. */
function stateOf(saved: MockSnapshot): MockState {
  return structuredClone(saved.state!)
}

/** `load(document)` is refused with a 400 naming `field`, and nothing changed: the snapshot, `version()`. */
async function expectRefused(mock: MockGateway, document: unknown, field: string | RegExp): Promise<string> {
  const before = await mock.snapshot()
  const version = mock.version()
  const error = await mock.load(document).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(isRuleError(error), `a RuleError, got ${String(error)}`).toBe(true)
  const { status, message } = error as { status: number; message: string }
  expect(status).toBe(400)
  if (typeof field === 'string') expect(message).toContain(field)
  else expect(message).toMatch(field)
  expect(mock.version(), 'the version does not move').toBe(version)
  expect(await mock.snapshot(), 'nothing was loaded').toEqual(before)
  return message
}

describe('mock.snapshot() and mock.load(): the round trip', () => {
  it('is exact: save, load into a fresh mock, save again gives the same document, after a rich scenario', async () => {
    const { mock } = await richMock()
    const saved = await mock.snapshot()
    const state = saved.state!
    expect(saved.format).toBe(MOCK_SNAPSHOT_FORMAT)
    // The scenario holds what it should: pending settlement, a retry, a lock, a code, switches and faults.
    expect(state.transactions.filter((t) => t.kind !== 'payment' && t.status === 'pending')).toHaveLength(2)
    expect(state.webhooks.some((w) => w.status === 'recorded' && w.nextAttemptAt !== null)).toBe(true)
    expect(state.users[0]!.blockedUntil).not.toBeNull()
    expect(state.outbox).toHaveLength(1)
    expect(state.otpSessions[0]!.state).toBe('open')
    expect(state.idempotency.length).toBeGreaterThan(0)
    expect(state.webhookSwitches).toEqual({ duplicateNext: false, holdNext: true, staleNextSeconds: 600 })
    expect(state.faults).toHaveLength(2)

    const fresh = pinMock(OPTIONS)
    const summary = await fresh.load(JSON.parse(JSON.stringify(saved)))
    expect(summary).toMatchObject({ format: 1, now: saved.clock.now, frozen: true, faults: 2 })
    expect(summary.records.orders).toBe(state.orders.length)
    expect(await fresh.snapshot()).toEqual(saved)
    expect(fresh.audit()).toEqual([])
  })

  it(
    'a loaded mock goes on where the saved one was: settlement, retries, lockout, codes and ids ' + 'continue',
    async () => {
      const { mock, merchant } = await richMock()
      const fresh = pinMock(OPTIONS)
      await fresh.load(await mock.snapshot())
      for (const m of [mock, fresh]) {
        await m.clock.advance(days(7))
        const order = await call(m, GATEWAY_PATHS.createOrder, {
          apiKey: merchant.apiKey,
          body: { storeId: merchant.storeId, amount: 1, currency: 'USD' },
        })
        expect(order.status).toBe(200)
      }
      // The same records, but for the random QR data of the order each made after the split.
      expect(withoutQrData(await fresh.snapshot())).toEqual(withoutQrData(await mock.snapshot()))
      const state = (await fresh.snapshot()).state!
      expect(state.transactions.filter((t) => t.status === 'pending')).toEqual([])
      expect(state.users[0]!.wrongAttempts).toBe(5)
      expect(state.otpSessions).toEqual([])
      expect(fresh.audit()).toEqual([])
    },
  )

  it('a webhook whose attempt is under way is saved as due at once, and a loaded mock sends it again', async () => {
    let release: (r: Response) => void = () => {}
    let attempts = 0
    const mock = newMock({
      webhookFetch: () => {
        attempts++
        return new Promise<Response>((resolve) => (release = resolve))
      },
    })
    const merchant = await newMerchant(mock)
    await mock.merchants.update(merchant.merchantId, { webhookUrl: 'http://127.0.0.1:9/webhooks' })
    const order = await call(mock, GATEWAY_PATHS.createOrder, {
      apiKey: merchant.apiKey,
      body: { storeId: merchant.storeId, amount: 5, currency: 'USD' },
    })
    // Not awaited: the payment's webhook attempt waits for an answer that has not come.
    const paying = mock.payments.create({ orderId: Number(order.body.order_id), status: 'SUCCESS' })
    await expect.poll(() => attempts).toBe(1)
    const saved = await mock.snapshot()
    expect(saved.state!.webhooks[0]).toMatchObject({ status: 'recorded', nextAttemptAt: Date.parse(MONDAY) })

    const delivered: string[] = []
    const fresh = newMock({
      webhookFetch: async (_url, init) => {
        delivered.push(String(init?.body))
        return new Response('ok')
      },
    })
    await fresh.load(saved)
    expect(await fresh.webhooks.deliverDue()).toEqual({ attempted: 1 })
    expect(delivered).toEqual([saved.state!.webhooks[0]!.rawBody])
    expect(fresh.webhooks.list()[0]!.status).toBe('delivered')
    release(new Response('ok'))
    await paying
  })

  it(
    "an attempt under way in the mock that loads is dropped with its state: its answer changes none of the state's " +
      'webhooks',
    async () => {
      let release: (r: Response) => void = () => {}
      const target = newMock({ webhookFetch: () => new Promise<Response>((resolve) => (release = resolve)) })
      const merchant = await newMerchant(target)
      await target.merchants.update(merchant.merchantId, { webhookUrl: 'http://127.0.0.1:9/webhooks' })
      const order = await call(target, GATEWAY_PATHS.createOrder, {
        apiKey: merchant.apiKey,
        body: { storeId: merchant.storeId, amount: 5, currency: 'USD' },
      })
      const paying = target.payments.create({ orderId: Number(order.body.order_id), status: 'SUCCESS' })
      await expect.poll(() => target.webhooks.list().length).toBe(1)
      const { mock } = await richMock()
      const saved = await mock.snapshot()
      await target.load(saved)
      release(new Response('ok'))
      await paying
      expect((await target.snapshot()).state).toEqual(saved.state)
    },
  )

  it('load() replaces the state but keeps the request log and listeners; version() moves once', async () => {
    const { mock } = await richMock()
    const target = newMock()
    await newMerchant(target)
    await call(target, GATEWAY_PATHS.listStores, { apiKey: 'nobody' })
    const heard: number[] = []
    target.webhooks.on((d) => {
      heard.push(d.payload.orderId)
    })
    const version = target.version()
    await target.load(await mock.snapshot())
    expect(target.version()).toBe(version + 1)
    expect(target.requests.list()).toHaveLength(1)
    expect((await target.snapshot()).state).toEqual((await mock.snapshot()).state)
    const saved = await mock.snapshot()
    const merchant = saved.state!.merchants[0]!
    const store = saved.state!.stores.find((s) => s.merchantId === merchant.merchantId)!
    const order = await call(target, GATEWAY_PATHS.createOrder, {
      apiKey: merchant.apiKey,
      body: { storeId: store.storeId, amount: 1, currency: 'USD' },
    })
    // The latency fault of the loaded state is armed here too, and the order takes the next id of the state.
    expect(Number(order.body.order_id)).toBe(saved.state!.nextIds.order)
    target.faults.clear()
    await target.payments.create({ orderId: Number(order.body.order_id), status: 'SUCCESS' })
    expect(heard).toEqual([Number(order.body.order_id)])
  })
})

describe('createMockGateway({ state }) and reset()', () => {
  it('a mock made with a state starts from it, and reset() goes back to it, not to a state loaded later', async () => {
    const { mock } = await richMock()
    const saved = await mock.snapshot()
    const started = createMockGateway({ state: saved, ...OPTIONS })
    expect(await started.snapshot()).toEqual(saved)
    await started.clock.advance(days(10))
    await started.reset({ clock: 'start' })
    expect(await started.snapshot()).toEqual(saved)

    const other = newMock()
    await newMerchant(other, { usd: 1 })
    await started.load(await other.snapshot())
    expect((await started.snapshot()).state!.merchants).toHaveLength(1)
    await started.reset({ clock: 'start' })
    expect(await started.snapshot(), 'reset goes back to the state it was made with').toEqual(saved)
  })

  it('a mock made with a state that cannot be loaded throws the RuleError load() would, naming the field', () => {
    expect(() => createMockGateway({ state: { format: 2 } })).toThrow(/format: this mock reads format 1/)
    expect(() => createMockGateway({ state: {}, clock: { now: MONDAY } })).toThrow(/state and clock/)
  })

  it('reset() of a mock made without a state still goes back to its seed after a load()', async () => {
    const seeded = createMockGateway({ seed: [DEMO_MERCHANT], clock: { now: MONDAY, frozen: true } })
    const { mock } = await richMock()
    await seeded.load(await mock.snapshot())
    await seeded.reset()
    const state = (await seeded.snapshot()).state!
    expect(state.merchants.map((m) => m.apiKey)).toEqual([DEMO_MERCHANT.apiKey])
    expect(state.orders).toEqual([])
  })
})

describe('mock.load() refuses, naming the field, and changes nothing', () => {
  let saved: MockSnapshot
  let target: MockGateway
  const fresh = async () => {
    if (!saved) saved = await (await richMock()).mock.snapshot()
    target = newMock()
    await newMerchant(target)
    return { state: stateOf(saved), target }
  }
  const document = (state: unknown) => ({ format: MOCK_SNAPSHOT_FORMAT, state })

  it('a document of another format version is refused: format', async () => {
    const { state, target } = await fresh()
    await expectRefused(target, { format: 2, state }, 'format: this mock reads format 1, the document is format 2')
  })

  it('a document without a format is refused: format', async () => {
    const { state, target } = await fresh()
    await expectRefused(target, { state }, 'format: missing')
    await expectRefused(target, [], 'a JSON object')
  })

  it('a snapshot taken with a limit holds no state and is refused: state', async () => {
    const { target } = await fresh()
    const glance = await target.snapshot({ limit: 50 })
    expect(glance.state).toBeUndefined()
    await expectRefused(target, glance, /state: missing; a snapshot taken with a limit is a glance/)
  })

  it('a field of the wrong type is refused with its path', async () => {
    const { state, target } = await fresh()
    ;(state.orders[0] as { amountMinor: unknown }).amountMinor = '40.00'
    await expectRefused(target, document(state), 'state.orders[0].amountMinor')
    const { state: second } = await fresh()
    ;(second.clock as { now: unknown }).now = -1
    await expectRefused(target, document(second), 'state.clock.now')
  })

  it('an id used twice is refused: the second record is named', async () => {
    const { state, target } = await fresh()
    state.orders.push({ ...state.orders[0]!, qrData: 'MGW1OTHER' })
    await expectRefused(target, document(state), `state.orders[${state.orders.length - 1}].orderId`)
  })

  it('a reference to a record that is not there is refused: a payment of an unknown order', async () => {
    const { state, target } = await fresh()
    const i = state.transactions.findIndex((t) => t.kind === 'payment')
    state.transactions[i]!.orderId = 999_999
    await expectRefused(target, document(state), `state.transactions[${i}].orderId: order 999999 is not there`)
  })

  it('an id sequence not above the ids in use is refused: nextIds', async () => {
    const { state, target } = await fresh()
    state.nextIds.order = state.orders.at(-1)!.orderId
    await expectRefused(target, document(state), 'state.nextIds.order')
  })

  it("a balance its transactions do not add up to is refused (the audit's rule): balances", async () => {
    const { state, target } = await fresh()
    state.balances[0]!.balanceMinor += 1
    await expectRefused(target, document(state), 'state.balances[0].balanceMinor: the ledger adds up to')
  })

  it("refunds over their order's amount are refused: the refund is named", async () => {
    const { state, target } = await fresh()
    const i = state.transactions.findIndex((t) => t.kind === 'refund')
    const order = state.orders.find((o) => o.orderId === state.transactions[i]!.orderId)!
    state.transactions[i]!.amountMinor = order.amountMinor + 1
    await expectRefused(target, document(state), `state.transactions[${i}].amountMinor: the refunds of order`)
  })

  it('a pending refund without the time it settles is refused: dueAt', async () => {
    const { state, target } = await fresh()
    const i = state.transactions.findIndex((t) => t.kind === 'refund' && t.status === 'pending')
    state.transactions[i]!.dueAt = null
    await expectRefused(target, document(state), `state.transactions[${i}].dueAt`)
  })

  it('a webhook still being delivered without the time of its next attempt is refused: nextAttemptAt', async () => {
    const { state, target } = await fresh()
    const i = state.webhooks.findIndex((w) => w.nextAttemptAt !== null)
    state.webhooks[i]!.nextAttemptAt = null
    await expectRefused(target, document(state), `state.webhooks[${i}].nextAttemptAt`)
  })

  it('a fault the service cannot take is refused: faults', async () => {
    const { state, target } = await fresh()
    state.faults[0]!.route = 'POST /nowhere'
    await expectRefused(target, document(state), 'state.faults[0]')
  })

  it('the contract schema of the format is the one checked: a checked document parses', async () => {
    const { state } = await fresh()
    expect(mockSnapshotDocumentSchema.safeParse(document(state)).success).toBe(true)
  })
})

describe('POST /__mock/snapshot', () => {
  const servers: MockServer[] = []
  afterEach(async () => {
    while (servers.length) await servers.pop()!.close()
  })

  /** A control route through the Fetch handler, as an HTTP client sends it. */
  async function send(mock: MockGateway, method: string, path: string, body?: unknown) {
    const init: RequestInit = { method }
    if (body !== undefined)
      Object.assign(init, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } })
    const res = await createControlHandler(mock)(new Request(`http://127.0.0.1:4010${path}`, init))
    const text = await res.text()
    return { status: res.status, body: text === '' ? undefined : JSON.parse(text) }
  }

  it(
    'loads what GET /__mock/snapshot saved (200 with what was loaded); a refusal is a 400 naming the ' + 'field',
    async () => {
      const { mock } = await richMock()
      const saved = (await send(mock, 'GET', '/__mock/snapshot')).body
      const target = pinMock(OPTIONS)
      const loaded = await send(target, 'POST', '/__mock/snapshot', saved)
      expect(loaded.status).toBe(200)
      expect(loaded.body).toMatchObject({ format: 1, now: saved.clock.now, faults: 2 })
      expect((await send(target, 'GET', '/__mock/snapshot')).body).toEqual(saved)

      const broken = structuredClone(saved)
      broken.state.balances[1].freezeMinor += 5
      const version = target.version()
      const refused = await send(target, 'POST', '/__mock/snapshot', broken)
      expect(refused).toEqual({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: expect.stringContaining('state.balances[1].freezeMinor'),
        },
      })
      expect(target.version()).toBe(version)
      const glance = (await send(mock, 'GET', '/__mock/snapshot?limit=50')).body
      expect((await send(target, 'POST', '/__mock/snapshot', glance)).body.message).toMatch(/a glance/)
      const notJson = await createControlHandler(target)(
        new Request('http://127.0.0.1:4010/__mock/snapshot', { method: 'POST', body: '{"format":' }),
      )
      expect(notJson.status).toBe(400)
      expect((await send(target, 'GET', '/__mock/snapshot')).body).toEqual(saved)
    },
  )

  it(
    'over HTTP it needs the control token (401 without it) and an allowed Origin (403), as every control ' + 'route',
    async () => {
      const { mock } = await richMock()
      const saved = JSON.stringify(await mock.snapshot())
      const server = await startMockServer({
        port: 0,
        seed: [DEMO_MERCHANT],
        clock: { now: MONDAY, frozen: true },
        tickMs: 0,
        controlToken: 'tok_0123456789',
        ...OPTIONS,
      })
      servers.push(server)
      const post = (headers: Record<string, string>) =>
        fetch(`${server.url}/__mock/snapshot`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: saved,
        })
      const before = await server.mock.snapshot()
      expect((await post({})).status).toBe(401)
      expect((await post({ Authorization: 'Bearer wrong_token' })).status).toBe(401)
      const foreign = await post({ Authorization: 'Bearer tok_0123456789', Origin: 'https://evil.example' })
      expect(foreign.status).toBe(403)
      expect(await server.mock.snapshot(), 'nothing loaded').toEqual(before)
      const ok = await post({ Authorization: 'Bearer tok_0123456789' })
      expect(ok.status).toBe(200)
      expect(JSON.stringify(await server.mock.snapshot())).toBe(saved)
    },
  )
})
