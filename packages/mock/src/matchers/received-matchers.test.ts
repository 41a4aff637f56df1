/**
 * @module received-matchers.test
 * The matchers against an in-process mock and against the control API over a fetch: what passes, what fails,
 * and what a failure shows (the closest calls as a diff, a note on secrets the log never keeps).
 */
import { stripVTControlCharacters } from 'node:util'
import { GATEWAY_PATHS, HEADERS, PIN_PATHS } from '@merchant-gateway/contract'
import { signer } from '@merchant-gateway/contract/crypto'
import { describe, expect, it } from 'vitest'
import { controlAnswerer } from '../control/control-routes.js'
import { toResponse } from '../http/answer.js'
import { createMockGateway, type MockGateway } from '../create-mock-gateway.js'
import type { RemoteMock } from './remote-log.js'
import '../vitest.js'

const NOW = '2026-11-02T09:00:00Z'

/** A mock with a merchant and a paid order of 12.50 USD; `refund` sends a signed refund of it. */
async function world(now = NOW) {
  const mock = createMockGateway({ clock: { now, frozen: true } })
  const merchant = await mock.merchants.create({ balances: { usd: 100 } })
  const store = await mock.stores.add(merchant.merchantId, { storeName: 'Riverside', address: '1 Main St' })
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    mock.fetch(`${mock.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [HEADERS.apiKey]: merchant.apiKey, ...headers },
      body: JSON.stringify(body),
    })
  const createOrder = async (amount = 12.5) =>
    Number(
      (
        (await (await post(GATEWAY_PATHS.createOrder, { storeId: store.storeId, amount, currency: 'USD' })).json()) as {
          order_id: string
        }
      ).order_id,
    )
  const orderId = await createOrder()
  await mock.payments.create({ orderId, status: 'SUCCESS' })
  const refund = async (body: Record<string, unknown>) => {
    const text = JSON.stringify(body)
    const timestamp = String(Math.floor(Date.parse(mock.clock.now()) / 1000))
    const signature = await signer.signRequest({ secret: merchant.apiSecret, body: text, timestamp })
    return mock.fetch(`${mock.baseUrl}${GATEWAY_PATHS.refundOrder}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        [HEADERS.apiKey]: merchant.apiKey,
        [HEADERS.timestamp]: timestamp,
        [HEADERS.signature]: signature,
        [HEADERS.idempotentKey]: crypto.randomUUID(),
      },
      body: text,
    })
  }
  return { mock, merchant, store, orderId, post, createOrder, refund }
}

/** What an assertion threw, without colours. */
function failure(assert: () => void): string {
  try {
    assert()
  } catch (error) {
    return stripVTControlCharacters((error as Error).message)
  }
  throw new Error('the assertion passed')
}

async function asyncFailure(assert: () => Promise<void>): Promise<string> {
  const error = await assert().then(
    () => {
      throw new Error('the assertion passed')
    },
    (e: unknown) => e as Error,
  )
  return stripVTControlCharacters(error.message)
}

describe('toHaveReceived on an in-process mock', () => {
  it('passes for a call whose body holds the expected fields, whatever its answer; fails for any other', async () => {
    const { mock, orderId, refund } = await world()
    await refund({ orderId, refundAmount: 2.5 })
    expect((await refund({ orderId, refundAmount: 500 })).status).toBe(422)
    expect(mock).toHaveReceived('refundOrder')
    expect(mock).toHaveReceived('refundOrder', { orderId })
    expect(mock).toHaveReceived('refundOrder', { orderId, refundAmount: 500 })
    expect(mock).toHaveReceived('refundOrder', { refundAmount: expect.any(Number) })
    expect(mock).not.toHaveReceived('refundOrder', { refundAmount: 3 })
    expect(mock).not.toHaveReceived('payout')
  })

  it('fails with the closest calls shown as a diff, best first', async () => {
    const { mock, orderId, refund } = await world()
    await refund({ orderId, refundAmount: 2.5 })
    await refund({ orderId, refundAmount: 500 })
    const message = failure(() => expect(mock).toHaveReceived('refundOrder', { orderId, refundAmount: 5 }))
    expect(message).toContain('expect(mock).toHaveReceived(operation, body)')
    expect(message).toMatch(
      /Expected: a refundOrder request with a body matching Object \{\n {2}"orderId": \d+,\n {2}"refundAmount": 5,\n\}/,
    )
    expect(message).toContain('Received: 2 refundOrder requests, none matching; the closest:')
    // Both match orderId alone: the newer first, with its refusal code.
    const first = message.indexOf('#3 POST /api/v1/payment-gateway/order/refund: 422 refund_exceeds_remaining')
    const second = message.indexOf('#2 POST /api/v1/payment-gateway/order/refund: 200')
    expect(first).toBeGreaterThan(0)
    expect(second).toBeGreaterThan(first)
    expect(message).toContain('- Expected')
    expect(message).toContain('+ Received')
    expect(message).toMatch(/-\s+"refundAmount": 5,?\n\+\s+"refundAmount": 500/)
    expect(message).toMatch(/-\s+"refundAmount": 5,?\n\+\s+"refundAmount": 2\.5/)
  })

  it('ranks calls by how many expected fields they match', async () => {
    const { mock, createOrder } = await world()
    await createOrder(1)
    await createOrder(7)
    await createOrder(2)
    const message = failure(() => expect(mock).toHaveReceived('createOrder', { amount: 7, currency: 'KHR' }))
    // The order of 7 USD matches one field of two: shown first, though it is not the newest.
    expect(message.indexOf('#3 POST')).toBeGreaterThan(0)
    expect(message.indexOf('#3 POST')).toBeLessThan(message.indexOf('#4 POST'))
  })

  it('says so when the operation was never received', async () => {
    const { mock } = await world()
    const message = failure(() => expect(mock).toHaveReceived('payout', { amount: 5 }))
    expect(message).toContain('Received: no payout request')
  })

  it('.not fails listing the matching calls with their bodies', async () => {
    const { mock, orderId, refund } = await world()
    await refund({ orderId, refundAmount: 2.5 })
    const message = failure(() => expect(mock).not.toHaveReceived('refundOrder', { refundAmount: 2.5 }))
    expect(message).toContain('expect(mock).not.toHaveReceived(operation, body)')
    expect(message).toContain(
      'Expected: no refundOrder request with a body matching Object {\n  "refundAmount": 2.5,\n}',
    )
    expect(message).toContain('Received: 1 refundOrder request matching:')
    expect(message).toContain(`body: Object {\n  "orderId": ${orderId},\n  "refundAmount": 2.5,\n}`)
  })

  it('a request refused before its body was read shows why it has no body', async () => {
    const { mock, orderId, post } = await world()
    // No signature: refused by authentication, before the body is read as a refund.
    await post(GATEWAY_PATHS.refundOrder, { orderId, refundAmount: 2.5 })
    const message = failure(() => expect(mock).toHaveReceived('refundOrder', { orderId }))
    expect(message).toMatch(/#2 POST \/api\/v1\/payment-gateway\/order\/refund: 4\d\d/)
    expect(message).toContain("body: null (the request was refused before its body was read as the operation's")
  })

  it("matches refund's earlier (snake_case) form, named as such", async () => {
    // In release 1.4.0's grace period the unsigned earlier form is served beside the signed one.
    const { mock, merchant, orderId, post } = await world('2026-03-03T09:00:00Z')
    const res = await post(
      GATEWAY_PATHS.refundOrder,
      { order_id: String(orderId), amount: 2.5 },
      {
        [HEADERS.appId]: String(merchant.appId),
        [HEADERS.timestamp]: String(Math.floor(Date.parse(mock.clock.now()) / 1000)),
        [HEADERS.idempotentKey]: crypto.randomUUID(),
      },
    )
    expect(res.status, await res.clone().text()).toBe(200)
    expect(mock).toHaveReceived('refundOrder', { order_id: String(orderId), amount: 2.5 })
    expect(mock).not.toHaveReceived('refundOrder', { orderId })
    const message = failure(() => expect(mock).toHaveReceived('refundOrder', { amount: 3 }))
    expect(message).toContain('order/refund (earlier form): 200')
  })

  it('explains that a PIN is never kept when the expected body names one', async () => {
    const mock = createMockGateway({ clock: { now: NOW, frozen: true } })
    const { accessToken } = await mock.users.create({ email: 'dara@example.com', emailVerified: true })
    await mock.fetch(`${mock.baseUrl}${PIN_PATHS.setPin}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ pin: '123456' }),
    })
    expect(mock).toHaveReceived('setPin', { pin: expect.any(String) })
    const message = failure(() => expect(mock).toHaveReceived('setPin', { pin: '123456' }))
    expect(message).toContain("pin: a secret the request log never keeps, shown as '[redacted]'")
    // The body the log holds: the PIN redacted.
    expect(message).toMatch(/\+\s+"pin": "\[redacted\]"/)
  })

  it('takes a server started in-process through its mock', async () => {
    const { mock, createOrder } = await world()
    await createOrder()
    expect({ url: 'http://127.0.0.1:4010', mock }).toHaveReceivedTimes('createOrder', 2)
  })

  it('a log that keeps no requests (requestLogLimit 0) judges nothing: both forms fail, saying why', async () => {
    const mock = createMockGateway({ clock: { now: NOW, frozen: true }, requestLogLimit: 0 })
    const merchant = await mock.merchants.create({})
    await mock.fetch(`${mock.baseUrl}${GATEWAY_PATHS.listStores}`, {
      method: 'POST',
      headers: { [HEADERS.apiKey]: merchant.apiKey },
    })
    expect(mock.requests.limit).toBe(0)
    const why = "toHaveReceived: the mock's request log keeps no requests (requestLogLimit: 0)"
    expect(failure(() => expect(mock).not.toHaveReceived('listStores'))).toContain(why)
    expect(failure(() => expect(mock).toHaveReceived('listStores'))).toContain(why)
    expect(failure(() => expect(mock).toHaveReceivedTimes('listStores', 0))).toContain('toHaveReceivedTimes: the mock')
    const kept = createMockGateway({ clock: { now: NOW, frozen: true }, requestLogLimit: 1 })
    expect(kept.requests.limit).toBe(1)
    expect(kept).not.toHaveReceived('listStores')
  })

  it('refuses an unknown operation, naming the nearest, and a value that is no mock', async () => {
    const { mock } = await world()
    expect(() => expect(mock).toHaveReceived('refundOrdr' as 'refundOrder')).toThrow(
      'toHaveReceived: "refundOrdr" is not an operation of the service; did you mean refundOrder?',
    )
    expect(() => expect({ port: 4010 }).toHaveReceived('createOrder')).toThrow(
      /expect\(\) takes a mock .* got an object with port/,
    )
    expect(() => expect(mock).toHaveReceivedTimes('createOrder', -1)).toThrow('times must be a whole number >= 0')
  })
})

describe('toHaveReceivedTimes', () => {
  it('counts the calls whose body matches; a failure lists them and the closest others', async () => {
    const { mock, store, createOrder } = await world()
    await createOrder(7)
    await createOrder(7)
    expect(mock).toHaveReceivedTimes('createOrder', 3)
    expect(mock).toHaveReceivedTimes('createOrder', 2, { amount: 7 })
    expect(mock).toHaveReceivedTimes('payout', 0)
    expect(mock).not.toHaveReceivedTimes('createOrder', 2)
    const message = failure(() => expect(mock).toHaveReceivedTimes('createOrder', 1, { amount: 7 }))
    expect(message).toContain('expect(mock).toHaveReceivedTimes(operation, times, body)')
    expect(message).toContain('Expected: 1 createOrder request with a body matching Object {\n  "amount": 7,\n}')
    expect(message).toContain('Received: 2')
    expect(message).toContain(`body: Object {\n  "amount": 7,\n  "currency": "USD",\n  "storeId": ${store.storeId},\n}`)
    expect(message).toContain('1 createOrder request not matching; the closest:')
    expect(message).toMatch(/-\s+"amount": 7,?\n\+\s+"amount": 12\.5/)
    const negated = failure(() => expect(mock).not.toHaveReceivedTimes('createOrder', 3))
    expect(negated).toContain('Expected: not 3 createOrder requests')
    expect(negated).toContain('Received: 3')
  })
})

describe('against a mock over HTTP (its control API)', () => {
  /** The control API of `mock` behind a fetch, at a session-like base URL (`/s/abc`). */
  function remote(mock: MockGateway, token?: string): RemoteMock & { asked: string[] } {
    // Mounted under a session-like root, as the server mounts a session's control API.
    const control = controlAnswerer(mock, { root: '/s/abc' })
    const asked: string[] = []
    return {
      baseUrl: 'http://127.0.0.1:4010/s/abc/',
      ...(token === undefined ? {} : { controlToken: token }),
      asked,
      fetch: async (input, init) => {
        const request = new Request(input, init)
        asked.push(`${request.url} ${request.headers.get('x-mock-token') ?? ''}`.trim())
        return toResponse(await control(request))
      },
    }
  }

  it('reads the log through GET <baseUrl>/__mock/requests?operation=..., with the control token', async () => {
    const { mock, orderId, refund } = await world()
    await refund({ orderId, refundAmount: 2.5 })
    const session = remote(mock, 'tok_0123456789')
    await expect(session).toHaveReceived('refundOrder', { orderId })
    await expect(session).not.toHaveReceived('payout')
    await expect(session).toHaveReceivedTimes('createOrder', 1)
    expect(session.asked[0]).toBe('http://127.0.0.1:4010/s/abc/__mock/requests?operation=refundOrder tok_0123456789')
    const message = await asyncFailure(() => expect(session).toHaveReceived('refundOrder', { refundAmount: 5 }))
    expect(message).toContain('expect(mock).toHaveReceived(operation, body)')
    expect(message).toMatch(/-\s+"refundAmount": 5,?\n\+\s+"refundAmount": 2\.5/)
  })

  it('GET /__mock/requests says the log limit; a log over HTTP that keeps none fails both forms', async () => {
    const { mock } = await world()
    const answer = await remote(mock).fetch!('http://127.0.0.1:4010/s/abc/__mock/requests')
    expect(answer.headers.get('X-Mock-Request-Log-Limit')).toBe('1000')
    const empty = createMockGateway({ clock: { now: NOW, frozen: true }, requestLogLimit: 0 })
    const session = remote(empty)
    const why =
      "toHaveReceived: the mock's request log keeps no requests (GET http://127.0.0.1:4010/s/abc/__mock/requests" +
      '?operation=createOrder says its log keeps 0: the server runs with --keep-requests 0)'
    expect(await asyncFailure(() => expect(session).not.toHaveReceived('createOrder'))).toContain(why)
    expect(await asyncFailure(() => expect(session).toHaveReceived('createOrder'))).toContain(why)
    // A server that does not say its limit (an earlier version) is read as before.
    const silent: RemoteMock = { baseUrl: 'http://127.0.0.1:4010', fetch: async () => Response.json([]) }
    await expect(silent).not.toHaveReceived('createOrder')
  })

  it('a log it cannot read fails the assertion, .not included, saying what came back', async () => {
    const gone: RemoteMock = {
      baseUrl: 'http://127.0.0.1:4010/s/ended',
      fetch: async () => Response.json({ statusCode: 404, message: 'No session ended here' }, { status: 404 }),
    }
    const notFound = 'GET http://127.0.0.1:4010/s/ended/__mock/requests?operation=payout answered 404: No session ended'
    expect(await asyncFailure(() => expect(gone).toHaveReceived('payout'))).toContain(notFound)
    expect(await asyncFailure(() => expect(gone).not.toHaveReceived('payout'))).toContain(notFound)
    const unreachable: RemoteMock = {
      baseUrl: 'http://127.0.0.1:1',
      fetch: async () => {
        throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:1') })
      },
    }
    expect(await asyncFailure(() => expect(unreachable).not.toHaveReceived('payout'))).toContain(
      'could not read the request log at GET http://127.0.0.1:1/__mock/requests?operation=payout: connect ECONNREFUSED',
    )
  })
})
