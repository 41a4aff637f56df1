/**
 * A request body must be JSON: a Content-Type that is not `application/json` (or `application/<x>+json`)
 * is refused with 415 after authentication, in the body style of the module (status-style on the gateway,
 * the PIN envelope on the PIN module). A body sent without Content-Type is read as JSON; an empty body
 * has no type to check. `strictContentType: false` reads any body as JSON.
 */
import { GATEWAY_PATHS, HEADERS, PIN_PATHS } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import type { MockGatewayOptions } from '../src/index.js'
import { newMerchant, newMock, paidOrder, signedCall } from './harness.js'
import { newUser, WRONG_PIN } from './pin-helpers.js'

async function setup(options: MockGatewayOptions = {}) {
  const mock = newMock({ pinHashIterations: 1000, ...options })
  const m = await newMerchant(mock)
  return { mock, m }
}

async function createOrderWith(
  mock: Awaited<ReturnType<typeof setup>>['mock'],
  apiKey: string,
  storeId: number,
  contentType: string | null,
) {
  const headers: Record<string, string> = { [HEADERS.apiKey]: apiKey }
  if (contentType !== null) headers['Content-Type'] = contentType
  // A Blob body keeps fetch from adding a Content-Type of its own (a string body would add text/plain).
  const body = new Blob([JSON.stringify({ storeId, amount: 5, currency: 'USD' })])
  const res = await mock.fetch(`${mock.baseUrl}${GATEWAY_PATHS.createOrder}`, { method: 'POST', headers, body })
  return { status: res.status, body: await res.json() }
}

describe('Content-Type of gateway requests', () => {
  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/merge-patch+json'])(
    '%s is read as JSON',
    async (type) => {
      const { mock, m } = await setup()
      expect((await createOrderWith(mock, m.apiKey, m.storeId, type)).status).toBe(200)
    },
  )

  it('a JSON body without Content-Type is read as JSON', async () => {
    const { mock, m } = await setup()
    expect((await createOrderWith(mock, m.apiKey, m.storeId, null)).status).toBe(200)
  })

  it.each([
    ['application/x-www-form-urlencoded', /curl -d sends that type: add -H 'Content-Type: application\/json'/],
    ['text/plain;charset=UTF-8', /got "text\/plain;charset=UTF-8"/],
    ['multipart/form-data; boundary=x', /Content-Type must be application\/json/],
  ])('%s is 415 status-style with a message saying what to send, and creates nothing', async (type, message) => {
    const { mock, m } = await setup()
    const reply = await createOrderWith(mock, m.apiKey, m.storeId, type)
    expect(reply).toEqual({
      status: 415,
      body: { statusCode: 415, message: expect.stringMatching(message), error: 'Unsupported Media Type' },
    })
    expect(mock.orders.get(1001)).toBeUndefined()
  })

  it('an empty body has no type to check (list stores with a form Content-Type)', async () => {
    const { mock, m } = await setup()
    const res = await mock.fetch(`${mock.baseUrl}${GATEWAY_PATHS.listStores}`, {
      method: 'POST',
      headers: { [HEADERS.apiKey]: m.apiKey, 'Content-Type': 'text/plain' },
    })
    expect(res.status).toBe(200)
  })

  it(
    'authentication comes first: a bad API key with a form body is 401, a ' +
      'good one 415, and a signed refund is checked before its type',
    async () => {
      const { mock, m } = await setup()
      expect((await createOrderWith(mock, 'mk_wrong', m.storeId, 'text/plain')).status).toBe(401)
      const { orderId } = await paidOrder(mock, m, 20)
      const form = await signedCall(
        mock,
        m,
        GATEWAY_PATHS.refundOrder,
        { orderId, refundAmount: 5 },
        { headers: { 'Content-Type': 'text/plain' } },
      )
      expect(form.status).toBe(415)
      const badSignature = await signedCall(
        mock,
        m,
        GATEWAY_PATHS.refundOrder,
        { orderId, refundAmount: 5 },
        { headers: { 'Content-Type': 'text/plain' }, secret: 'sk_wrong' },
      )
      expect(badSignature.body.error.code).toBe('invalid_signature')
      expect((await mock.balances(m.merchantId)).usd.freeze).toBe(0)
    },
  )

  it('strictContentType: false reads any body as JSON', async () => {
    const { mock, m } = await setup({ strictContentType: false })
    expect((await createOrderWith(mock, m.apiKey, m.storeId, 'text/plain')).status).toBe(200)
  })
})

describe('Content-Type of PIN module requests', () => {
  it(
    'a body that is not JSON by its type is 415 in the PIN envelope ' +
      '(unsupported_media_type), after the token is checked',
    async () => {
      const { mock } = await setup()
      const user = await newUser(mock)
      const send = (headers: Record<string, string>) =>
        mock.fetch(`${mock.baseUrl}${PIN_PATHS.verifyPin}`, {
          method: 'POST',
          headers,
          body: new Blob([JSON.stringify({ pin: WRONG_PIN })]),
        })
      const refused = await send({ Authorization: `Bearer ${user.accessToken}`, 'Content-Type': 'text/plain' })
      expect({ status: refused.status, body: await refused.json() }).toEqual({
        status: 415,
        body: {
          status_code: 415,
          message: expect.stringMatching(/Content-Type must be application\/json/),
          code: 'unsupported_media_type',
          data: null,
        },
      })
      const anonymous = await send({ 'Content-Type': 'text/plain' })
      expect(anonymous.status).toBe(401)
    },
  )
})
