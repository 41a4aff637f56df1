/**
 * The mock parses each gateway request with the contract's request schema of its operation (the one the
 * SDK checks with and the OpenAPI document describes): a body the schema refuses is a 400 naming the field,
 * and one it accepts is never refused as malformed (it may still meet a rule of the service: 404, 409, 422).
 */
import { GATEWAY_PATHS, type GatewayOperation, OPERATION_REQUESTS } from '@merchant-gateway/contract'
import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { balance, call, newMerchant, newMock, paidOrder, signedCall } from './harness.js'

/** Bodies at the edges of each operation's request schema, sent as they are. */
const BODIES: Partial<Record<GatewayOperation, unknown[]>> = {
  createOrder: [
    { storeId: 1, amount: 1, currency: 'USD' },
    { store_id: '1', amount: 1, currency: 'USD' },
    { storeId: 1, store_id: '2', amount: 1, currency: 'USD' },
    { amount: 1, currency: 'USD' },
    { storeId: 1, amount: 1.005, currency: 'USD' },
    { storeId: 1, amount: 1, currency: 'usd' },
    { storeId: '1', amount: 1, currency: 'USD' },
  ],
  generateQr: [
    { store_id: 1, amount: 4000, currency: 'KHR' },
    { store_id: '1', amount: 4000, currency: 'KHR' },
    { store_id: 1, amount: 40.5, currency: 'KHR' },
  ],
  cancelOrder: [
    { order_id: '1' },
    { order_id: 1 },
    { order_id: '0124' },
    { order_id: '1', reason: 'x'.repeat(500) },
    { order_id: '1', reason: 'x'.repeat(501) },
  ],
  refundOrder: [
    { orderId: 1, refundAmount: 1 },
    { orderId: '1', refundAmount: 1 },
    { orderId: 1, refundAmount: 0 },
    { orderId: 1 },
  ],
  payout: [
    { accountNumber: '100200300', amount: 1, currency: 'USD' },
    { accountNumber: '   ', amount: 1, currency: 'USD' },
    { accountNumber: '', amount: 1, currency: 'USD' },
    { accountNumber: '9'.repeat(65), amount: 1, currency: 'USD' },
    { accountNumber: '100200300', amount: -1, currency: 'USD' },
  ],
}

/** A body as a test name shows it: a long run of one character written once with its count. */
const label = (body: unknown) => JSON.stringify(body).replace(/(.)\1{19,}/g, (run, c) => `${c}×${run.length}`)

const CASES = Object.entries(BODIES).flatMap(([id, bodies]) =>
  bodies!.map((body) => [id as GatewayOperation, label(body), body] as const),
)

describe("the mock's parse step is the operation's request schema", () => {
  it.each(CASES)('%s %s: 400 exactly when the contract schema refuses it', async (id, _label, body) => {
    const mock = newMock()
    const merchant = await newMerchant(mock)
    await mock.accounts.add(merchant.merchantId, { accountNumber: '100200300', accountName: 'Owner' })
    await paidOrder(mock, merchant, 20)
    const schema = OPERATION_REQUESTS[id]!
    const refused = !z.safeParse(schema, body).success
    const reply =
      id === 'refundOrder' || id === 'payout'
        ? await signedCall(mock, merchant, GATEWAY_PATHS[id], body)
        : await call(mock, GATEWAY_PATHS[id], { apiKey: merchant.apiKey, body })
    expect({ body, status: reply.status === 400 ? 400 : 'not 400' }).toEqual({
      body,
      status: refused ? 400 : 'not 400',
    })
  })

  it('a payout to an account number of blanks is refused as malformed, and moves no money', async () => {
    const mock = newMock()
    const merchant = await newMerchant(mock, { usd: 10 })
    const reply = await signedCall(mock, merchant, GATEWAY_PATHS.payout, {
      accountNumber: '   ',
      amount: 1,
      currency: 'USD',
    })
    expect(reply.status).toBe(400)
    expect(reply.body.message).toMatch(/accountNumber/)
    expect((await balance(mock, merchant)).usd).toMatchObject({ balance: 10, freeze: 0 })
  })
})
