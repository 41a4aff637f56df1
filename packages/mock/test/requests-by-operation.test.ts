/**
 * @module requests-by-operation.test
 * The request log queried by operation, in-process (`mock.requests.list({ operation })`) and over HTTP
 * (`GET /__mock/requests?operation=...`): each call's body as the operation read it (in the form it came in),
 * its status and refusal code, its idempotency key and its headers, secrets redacted; the plain entries as
 * they always were.
 */
import { GATEWAY_PATHS, PIN_PATHS } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import { createControlHandler, isRuleError } from '../src/index.js'
import type { MockGateway } from '../src/index.js'
import { call, createOrder, earlierCall, newMerchant, newMock, paidOrder, refund, signedCall } from './harness.js'

/** The fields of a plain entry of the log, before the query by operation existed. */
const PLAIN_FIELDS = [
  'seq',
  'at',
  'method',
  'path',
  'status',
  'durationMs',
  'traceId',
  'era',
  'merchantId',
  'userId',
  'idempotencyKey',
  'replayed',
  'form',
  'warnings',
]

/** Sends a PIN module request with the user's bearer token. */
async function pinCall(mock: MockGateway, path: string, token: string, body: unknown) {
  const res = await mock.fetch(`${mock.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as { data: { session_id?: string } } }
}

describe('mock.requests.list({ operation })', () => {
  it('gives the calls of one operation with body, status, refusal code, idempotency key and headers', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const { orderId } = await paidOrder(mock, m, 25)
    await refund(mock, m, orderId, 5, 'key-ok')
    await refund(mock, m, orderId, 500, 'key-too-much')
    const calls = mock.requests.list({ operation: 'refundOrder' })
    expect(calls).toHaveLength(2)
    expect(calls[0]).toMatchObject({
      operation: 'refundOrder',
      method: 'POST',
      path: GATEWAY_PATHS.refundOrder,
      status: 200,
      refusal: null,
      idempotencyKey: 'key-ok',
      form: 'current',
      merchantId: m.merchantId,
      body: { orderId, refundAmount: 5 },
    })
    expect(calls[1]).toMatchObject({ status: 422, refusal: 'refund_exceeds_remaining', body: { refundAmount: 500 } })
    expect(calls[0]!.headers).toEqual({
      'content-type': 'application/json',
      'x-api-key': '[redacted]',
      'x-signature': '[redacted]',
      'x-timestamp': expect.stringMatching(/^\d+$/),
      'x-idempotent-key': 'key-ok',
    })
    expect(JSON.stringify(calls)).not.toContain(m.apiKey)
    // Only that operation's calls; the plain list shows every entry with its fields as before.
    expect(mock.requests.list({ operation: 'createOrder' }).map((c) => c.body)).toEqual([
      { storeId: m.storeId, amount: 25, currency: 'USD' },
    ])
    for (const entry of mock.requests.list()) expect(Object.keys(entry)).toEqual(PLAIN_FIELDS)
    // With the other filters.
    expect(mock.requests.list({ operation: 'refundOrder', status: '4xx' }).map((c) => c.seq)).toEqual([calls[1]!.seq])
  })

  it('holds the earlier (snake_case) form of refund and payout as it came, with form: earlier', async () => {
    // Release 1.4.0's grace period: both forms are served.
    const mock = newMock({ clock: { now: '2026-03-03T09:00:00Z', frozen: true } })
    const m = await newMerchant(mock)
    const { orderId } = await paidOrder(mock, m, 25)
    expect(
      (await earlierCall(mock, m, GATEWAY_PATHS.refundOrder, { order_id: String(orderId), amount: 2 })).status,
    ).toBe(200)
    await refund(mock, m, orderId, 3)
    const [earlier, current] = mock.requests.list({ operation: 'refundOrder' })
    expect(earlier).toMatchObject({ form: 'earlier', body: { order_id: String(orderId), amount: 2 } })
    expect(current).toMatchObject({ form: 'current', body: { orderId, refundAmount: 3 } })
  })

  it('a request refused before the operation read its body has body null; status and code say why', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    // Not signed: refused by authentication.
    await call(mock, GATEWAY_PATHS.refundOrder, { apiKey: m.apiKey, body: { orderId: 1, refundAmount: 1 } })
    // Signed, but the body is not a refund.
    await signedCall(mock, m, GATEWAY_PATHS.refundOrder, { orderId: 'one', refundAmount: 1 })
    // Not JSON.
    await call(mock, GATEWAY_PATHS.createOrder, { apiKey: m.apiKey, rawBody: '{"storeId":' })
    const refunds = mock.requests.list({ operation: 'refundOrder' })
    expect(refunds.map((c) => [c.status, c.body])).toEqual([
      [400, null],
      [400, null],
    ])
    const [order] = mock.requests.list({ operation: 'createOrder' })
    expect(order).toMatchObject({ status: 400, body: null })
  })

  it('reads a replayed refusal’s code back from the answer kept for the key', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const { orderId } = await paidOrder(mock, m, 25)
    await refund(mock, m, orderId, 500, 'same-key')
    await refund(mock, m, orderId, 500, 'same-key')
    const [first, replay] = mock.requests.list({ operation: 'refundOrder' })
    expect(first).toMatchObject({ status: 422, refusal: 'refund_exceeds_remaining', replayed: false })
    expect(replay).toMatchObject({ status: 422, refusal: 'refund_exceeds_remaining', replayed: true })
  })

  it('transaction detail holds its query parameters; list stores holds no body', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const { transactionId } = await paidOrder(mock, m, 25)
    await call(mock, GATEWAY_PATHS.transactionDetail, {
      apiKey: m.apiKey,
      method: 'GET',
      query: `?transaction_id=${transactionId}`,
    })
    await call(mock, GATEWAY_PATHS.transactionDetail, { apiKey: m.apiKey, body: { transaction_id: transactionId } })
    await call(mock, GATEWAY_PATHS.listStores, { apiKey: m.apiKey })
    expect(mock.requests.list({ operation: 'transactionDetail' }).map((c) => [c.method, c.body])).toEqual([
      ['GET', { transaction_id: String(transactionId) }],
      ['POST', { transaction_id: transactionId }],
    ])
    expect(mock.requests.list({ operation: 'listStores' })[0]).toMatchObject({ status: 200, body: null })
  })

  it('never holds a PIN, a one-time code, a reset session id or a bearer token', async () => {
    const mock = newMock({ otpDevCode: '000000' })
    const email = 'dara@example.com'
    const { accessToken } = await mock.users.create({ email, emailVerified: true })
    await pinCall(mock, PIN_PATHS.setPin, accessToken, { pin: '123456' })
    expect((await pinCall(mock, PIN_PATHS.verifyPin, accessToken, { pin: '999999' })).status).toBe(422)
    await pinCall(mock, PIN_PATHS.changePin, accessToken, { current_pin: '123456', new_pin: '654321' })
    const forgot = await pinCall(mock, PIN_PATHS.forgotPin, accessToken, { email })
    const sessionId = forgot.body.data.session_id!
    const verified = await pinCall(mock, PIN_PATHS.verifyOtp, accessToken, {
      email,
      otp_code: '000000',
      session_id: sessionId,
    })
    await pinCall(mock, PIN_PATHS.resetPin, accessToken, {
      session_id: verified.body.data.session_id,
      new_pin: '112233',
    })
    expect(mock.requests.list({ operation: 'verifyPin' })[0]).toMatchObject({
      status: 422,
      refusal: 'wrong_pin',
      body: { pin: '[redacted]' },
      headers: { authorization: '[redacted]' },
    })
    expect(mock.requests.list({ operation: 'changePin' })[0]!.body).toEqual({
      current_pin: '[redacted]',
      new_pin: '[redacted]',
    })
    expect(mock.requests.list({ operation: 'verifyOtp' })[0]!.body).toEqual({
      email,
      otp_code: '[redacted]',
      session_id: '[redacted]',
    })
    const everything = JSON.stringify(
      (['setPin', 'verifyPin', 'changePin', 'forgotPin', 'verifyOtp', 'resetPin'] as const).flatMap((operation) =>
        mock.requests.list({ operation }),
      ),
    )
    for (const secret of ['123456', '999999', '654321', '112233', '000000', sessionId, accessToken])
      expect(everything).not.toContain(secret)
  })

  it('an injected fault is logged with its refusal code; a PIN request without a valid token has no body', async () => {
    const mock = newMock()
    mock.faults.add({ route: `POST ${PIN_PATHS.setPin}`, kind: 'error', status: 503 })
    const { accessToken } = await mock.users.create({ email: 'dara@example.com', emailVerified: true })
    await pinCall(mock, PIN_PATHS.setPin, accessToken, { pin: '123456' })
    await pinCall(mock, PIN_PATHS.setPin, 'not-a-token', { pin: '123456' })
    expect(mock.requests.list({ operation: 'setPin' }).map((c) => [c.status, c.refusal, c.body])).toEqual([
      [503, 'injected_fault', null],
      [401, 'invalid_token', null],
    ])
  })

  it('the list is a copy: changing what it gave changes nothing kept', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    await createOrder(mock, m, 25)
    const [order] = mock.requests.list({ operation: 'createOrder' })
    ;(order!.body as { amount: number }).amount = 1
    order!.headers['x-api-key'] = m.apiKey
    expect(mock.requests.list({ operation: 'createOrder' })[0]).toMatchObject({
      body: { amount: 25 },
      headers: { 'x-api-key': '[redacted]' },
    })
  })

  it('requestLogBodies: false keeps neither bodies nor headers', async () => {
    const mock = newMock({ requestLogBodies: false })
    const m = await newMerchant(mock)
    await createOrder(mock, m, 25)
    expect(mock.requests.list({ operation: 'createOrder' })[0]).toMatchObject({ status: 200, body: null, headers: {} })
    expect(() => newMock({ requestLogBodies: 'no' as unknown as boolean })).toThrow(
      'requestLogBodies must be true or false',
    )
  })

  it('an unknown operation is refused with a 400 naming the nearest one, or listing them', async () => {
    const mock = newMock()
    const refusal = (operation: string) => {
      try {
        mock.requests.list({ operation: operation as 'payout' })
      } catch (error) {
        if (isRuleError(error)) return `${error.status} ${error.message}`
      }
      return 'no refusal'
    }
    expect(refusal('refundOrdr')).toBe(
      '400 operation: "refundOrdr" is not an operation of the service; did you mean refundOrder?',
    )
    expect(refusal('refund')).toMatch(
      /^400 operation: "refund" is not an operation of the service; the operations: listStores, .*, resetPin$/,
    )
  })
})

describe('GET /__mock/requests?operation=...', () => {
  it('answers the calls of the operation typed as in-process; an unknown one is 400 with the nearest', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const { orderId } = await paidOrder(mock, m, 25)
    await refund(mock, m, orderId, 5, 'key-ok')
    const control = createControlHandler(mock)
    const get = async (query: string) => {
      const res = await control(new Request(`${mock.baseUrl}/__mock/requests${query}`))
      return { status: res.status, body: (await res.json()) as unknown }
    }
    const over = await get('?operation=refundOrder')
    expect(over.status).toBe(200)
    expect(over.body).toEqual(mock.requests.list({ operation: 'refundOrder' }))
    expect(over.body).toMatchObject([{ operation: 'refundOrder', body: { orderId, refundAmount: 5 }, refusal: null }])
    expect((await get('?operation=createOrder&status=2xx&limit=1')).body).toMatchObject([{ operation: 'createOrder' }])
    expect(await get('?operation=refundOrdr')).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        message: 'operation "refundOrdr" is not an operation of the service; did you mean refundOrder?',
        error: 'Bad Request',
      },
    })
    expect((await get('?operation=x')).body).toMatchObject({
      message: expect.stringContaining('the operations: listStores, balanceInquiry, createOrder'),
    })
    expect((await get('?operation=payout&operation=refundOrder')).body).toMatchObject({
      message: 'operation must be given once',
    })
    // Without it, the plain entries.
    const plain = (await get('')).body as Record<string, unknown>[]
    for (const entry of plain) expect(Object.keys(entry)).toEqual(PLAIN_FIELDS)
  })
})
